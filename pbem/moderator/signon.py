"""Players' secrets: made at random, mailed once, stored only as salted scrypt hashes.

As on the Diplomacy email judges, a move counts only with the seat's secret on a SIGNON
line; the secret guards against a forged sender, the registered address against a leaked secret.
"""
from __future__ import annotations

import hashlib
import hmac
import math
import secrets

_N, _R, _P = 2 ** 14, 8, 1          # scrypt cost: ~20 ms a check, 16 MiB memory
#: the letters and digits of a secret, none to misread (no i, l, o, 0, 1): 31 symbols
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
GROUPS, GROUP = 3, 5
#: bits of guessing in a new secret: GROUPS * GROUP symbols of ALPHABET
ENTROPY_BITS = GROUPS * GROUP * math.log2(len(set(ALPHABET)))
#: how many times a secret was checked against a hash (scrypt runs): for tests of the rate limit
CHECKS = [0]


def new_secret() -> str:
    """A secret easy to copy into a mail: three groups of five letters and digits that are not
    misread ("k7q2m-9xw4r-td8pz"), 15 symbols of 31, 74 bits. Older secrets (two words and four
    digits) still work: only their hashes are kept, and any text is checked against its hash."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP)) for _ in range(GROUPS))


def hash_secret(secret: str) -> str:
    """'scrypt$<salt hex>$<hash hex>' of `secret`."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return f"scrypt${salt.hex()}${digest.hex()}"


_VERIFIED: set[bytes] = set()        # digests of (secret, hash) pairs already checked: a seat's
                                     # every mail need not pay the deliberate cost of scrypt again


def check_secret(secret: str, stored: str) -> bool:
    """Whether `secret` matches a stored hash (constant-time compare)."""
    memo = hashlib.sha256(f"{stored}\0{secret}".encode("utf-8", "surrogatepass")).digest()
    if memo in _VERIFIED:
        return True
    CHECKS[0] += 1
    try:
        kind, salt, want = stored.split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(secret.encode("utf-8"), salt=bytes.fromhex(salt), n=_N, r=_R, p=_P, dklen=32)
    except (ValueError, UnicodeEncodeError):
        return False
    ok = hmac.compare_digest(got.hex(), want)
    if ok:
        if len(_VERIFIED) > 10_000:
            _VERIFIED.clear()
        _VERIFIED.add(memo)
    return ok
