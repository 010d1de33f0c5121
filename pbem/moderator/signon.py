"""Players' secrets: made at random, mailed once, stored only as salted scrypt hashes.

As on the Diplomacy email judges, a move counts only with the seat's secret on a SIGNON
line; the secret guards against a forged sender, the registered address against a leaked secret.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

_N, _R, _P = 2 ** 14, 8, 1          # scrypt cost: ~20 ms a check, 16 MiB memory
_WORDS = ("amber", "birch", "cedar", "delta", "ember", "fjord", "grove", "harbor", "iris", "juniper",
          "kestrel", "lumen", "maple", "nectar", "orbit", "pylon", "quartz", "raven", "saffron", "tundra",
          "umber", "vesper", "willow", "xenon", "yarrow", "zephyr", "anvil", "bison", "comet", "dune")


def new_secret() -> str:
    """A secret easy to copy into a mail: two words and four digits (about 30 bits of guessing
    per try, and every wrong try is answered to the seat's registered address)."""
    w = [secrets.choice(_WORDS) for _ in range(2)]
    return f"{w[0]}-{w[1]}-{secrets.randbelow(10000):04d}"


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
