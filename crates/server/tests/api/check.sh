#!/usr/bin/env bash
# `make api-check`: schemathesis over the OpenAPI document of the release server
# (the one it serves at /api/openapi.json) on a temporary demo database, once
# anonymously and once logged in as the demo administrator. Passes when no
# answer is a 5xx and every answer matches what the document says of it: a
# documented status, its content type and its schema.
# Usage: check.sh RSCLOUD_BIN VENV
set -euo pipefail
bin=$(realpath "$1")
venv=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../common/serve.sh
source "$here/../common/serve.sh"

# A small demo catalogue starts in a second; the fixed captcha code lets
# login.py log in as the page does.
captcha=SCHEMATHESIS
RSCLOUD_DEMO_SCENES=2000 RSCLOUD_CAPTCHA_FIXED=$captcha RUST_LOG=warn serve "$bin" serve --demo

# The checks that mean "no 5xx, and no answer that breaks its own document".
# Not negative_data_rejection / positive_data_acceptance: they judge how strict
# the input rules are, not whether the answers are true to the document.
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
# Excluded from the logged-in run: logout and password change, which end the
# session the rest of that run is logged in with. The anonymous run has every route.
# /api/uav/task: this server has no drone service, so its only answer is the documented 503
# (tests/drone.rs runs it against a loopback service of the contract).
exclude_logged_in='^/api/usercenter/userinfo/logout$|^/api/usercenter/password$|^/api/uav/task$'

# schemathesis keeps its state in the folder it runs in: the temporary one.
cd "$data"
# Deterministic generation (which keeps no example database): every run sends the same requests.
check() {
  "$venv/bin/schemathesis" run "$base/api/openapi.json" \
    --checks "$checks" --phases examples,coverage,fuzzing --max-examples 100 \
    --generation-deterministic --workers 2 --request-timeout 30 --no-color \
    --suppress-health-check too_slow,filter_too_much "$@"
}
# Logged in first: the anonymous run's failed logins lock this address out of logging in.
token=$("$venv/bin/python" "$here/login.py" "$base" admin Admin12345 "$captcha")
status=0
echo "schemathesis on $base/api/openapi.json, anonymous"
check || status=$?
if [ "$status" -eq 0 ]; then
  echo "schemathesis on $base/api/openapi.json, logged in as admin"
  check --exclude-path-regex "$exclude_logged_in" -H "token: $token" || status=$?
fi
if [ "$status" -ne 0 ]; then
  echo "server log (warnings and errors):"
  tail -n 50 "$data/server.log"
fi
exit "$status"
