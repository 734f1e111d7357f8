# Sourced by the check scripts (stac/check.sh, api/check.sh): a temporary data
# folder in $data, and `serve COMMAND...`, which runs the server command with
# `--data $data --addr 127.0.0.1:PORT` on a free loopback port, sets $base to
# its address once it accepts connections, and stops it (removing $data) when
# the script exits. The server's output is in $data/server.log.
data=$(mktemp -d)
pid=""
stop() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$data"
}
trap stop EXIT

serve() {
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$@" --data "$data" --addr "127.0.0.1:$port" >"$data/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 600); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { cat "$data/server.log"; exit 1; }
    sleep 0.1
  done
  base="http://127.0.0.1:$port"
}
