"""Logs in as the page does and prints the session token.

Usage: login.py BASE_URL USERNAME PASSWORD CAPTCHA_CODE
The server must accept CAPTCHA_CODE for every captcha (RSCLOUD_CAPTCHA_FIXED).
The password is sealed as crates/server/src/usercenter/seal.rs describes:
X25519 with an ephemeral key, HKDF-SHA256, AES-256-GCM bound to the captcha token.
"""

import base64
import json
import os
import sys
import urllib.request

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def call(url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return answer.read()


def seal(public_b64, info, password, aad):
    server = base64.b64decode(public_b64)
    ephemeral = X25519PrivateKey.generate()
    eph_pk = ephemeral.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(server))
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=eph_pk + server, info=info).derive(shared)
    nonce = os.urandom(12)
    sealed = AESGCM(key).encrypt(nonce, password.encode(), aad.encode())
    return base64.b64encode(eph_pk + nonce + sealed).decode()


def main():
    base, username, password, code = sys.argv[1:5]
    key = json.loads(call(f"{base}/api/usercenter/publickey"))["data"]
    token = "schemathesis" + os.urandom(10).hex()
    call(f"{base}/api/usercenter/captcha?token={token}")  # the picture; its code is fixed
    form = {
        "username": username,
        "password": seal(key["publicKey"], key["hkdfInfo"].encode(), password, token),
        "captcha": code,
        "token": token,
    }
    answer = json.loads(call(f"{base}/api/usercenter/userinfo/loginv2", form))
    if answer.get("code") != 0:
        sys.exit(f"login of {username} failed: {answer}")
    print(answer["data"])


if __name__ == "__main__":
    main()
