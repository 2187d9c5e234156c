"""The product hashes passwords with Argon2id at argon2-cffi's defaults (RFC 9106 low-memory
profile, SECURITY.md). Tests hash cheaply (tests/conftest.py), so this is checked in a fresh
interpreter that has not been through the test set-up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (
    "from functions.auth.passwords import hash_password, verify_password, needs_rehash\n"
    "h = hash_password('correct horse battery')\n"
    "print(h)\n"
    "print(verify_password(h, 'correct horse battery'), verify_password(h, 'wrong'), needs_rehash(h))\n"
    "print(needs_rehash('$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$YWJjZGVmZ2hpamtsbW5vcA'))\n"
)


def test_the_product_hashes_with_argon2id_at_the_rfc_9106_low_memory_parameters() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True
    )
    stored, checks, weak = result.stdout.splitlines()
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert checks == "True False False"
    assert weak == "True"  # a hash made with weaker parameters is rehashed on the next sign-in
