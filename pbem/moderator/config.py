"""The moderator's configuration: a TOML file (read with tomllib).

    [moderator]
    address = "moderator@club.example"     # games are also reached as moderator+GAME@...
    games = "games"                        # folder of game files (relative to this file)
    state = "state"                        # the ledger and outbox
    key_file = "pbem.key"                  # the key that seals the game files (made if missing;
                                           # default: $PBEM_KEY_FILE or ~/.config/pbem/key)
    masters = [{ address = "gm@club.example", secret_hash = "scrypt$..." }]   # `pbem hash-secret`
    cpu_budget = 2.0                       # CPU seconds one mail may hold its game; reading stops
                                           # 0.9 s before (at half, at least): a longer mail is refused

    [imap]                                 # where mail comes in
    host = "imap.club.example"
    port = 993
    security = "tls"                       # tls | starttls | none
    user = "moderator@club.example"
    password_env = "PBEM_IMAP_PASSWORD"    # or password_file = "/run/secrets/imap"
    ca_file = "/path/ca.pem"               # optional

    [smtp]                                 # where mail goes out (same keys as [imap])

    [maildir]                              # instead of [imap] and [smtp]: local folders
    root = "mail"

Credentials come from environment variables or files, never from the TOML itself: a
`password` key is refused.
"""
from __future__ import annotations

import os
import tomllib
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from pbem.errors import PbemError
from pbem.moderator.postmaster import Master

SECURITY = ("tls", "starttls", "none")


class ConfigWarning(UserWarning):
    """The configuration is usable but less private than it should be."""


class ConfigError(PbemError):
    """The configuration cannot be used; the message names the key."""


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    security: str
    user: Optional[str]
    password: Optional[str]
    ca_file: Optional[str]


@dataclass(frozen=True)
class Config:
    address: str
    games: Path
    state: Path
    name: str = "pbem moderator"
    masters: tuple[Master, ...] = ()
    imap: Optional[Server] = None
    smtp: Optional[Server] = None
    maildir: Optional[Path] = None
    key_file: Optional[Path] = None
    inbox: str = "INBOX"
    max_bytes: int = 1_000_000
    idle: float = 60.0
    cpu_budget: float = 2.0
    extra: dict = field(default_factory=dict)


def load_config(path: str | Path, *, maildir: Optional[str | Path] = None) -> Config:
    """Read and check a config file; `maildir` overrides [imap]/[smtp] with local folders."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode & 0o777
        if mode & 0o077:
            warnings.warn(f"{path}: the config may be read or changed by its group or others (mode {mode:o}); "
                          f"it names the masters' secret hashes: chmod 600 {path}", ConfigWarning, stacklevel=2)
    except OSError:
        pass
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path}: not valid TOML: {e}") from None
    return config_from_dict(raw, base=path.parent, where=str(path), maildir=maildir)


def config_from_dict(raw: dict, *, base: Path, where: str = "config",
                     maildir: Optional[str | Path] = None) -> Config:
    mod = _table(raw, "moderator", where, required=True)
    address = _str(mod, "address", f"{where} [moderator]", required=True).lower()
    if address.count("@") != 1:
        raise ConfigError(f"{where} [moderator] address: {address!r} is not a mail address")
    masters = []
    for i, m in enumerate(mod.get("masters", []) or []):
        w = f"{where} [moderator] masters[{i}]"
        if not isinstance(m, dict):
            raise ConfigError(f"{w}: expected {{ address = ..., secret_hash = ... }}")
        if "secret" in m or "password" in m:
            raise ConfigError(f"{w}: a secret in clear is not accepted; give secret_hash (pbem hash-secret)")
        h = _str(m, "secret_hash", w, required=True)
        if not h.startswith("scrypt$"):
            raise ConfigError(f"{w} secret_hash: not a hash made by `pbem hash-secret`")
        masters.append(Master(_str(m, "address", w, required=True).lower(), h))
    games = base / _str(mod, "games", where) if mod.get("games") else base / "games"
    state = base / _str(mod, "state", where) if mod.get("state") else base / "state"
    imap = smtp = None
    md = Path(maildir) if maildir is not None else None
    if md is None and raw.get("maildir"):
        md = base / _str(_table(raw, "maildir", where), "root", f"{where} [maildir]", required=True)
    if md is None:
        imap = _server(_table(raw, "imap", where, required=True), f"{where} [imap]", 993)
        smtp = _server(_table(raw, "smtp", where, required=True), f"{where} [smtp]", 465)
    key_file = base / _str(mod, "key_file", where) if mod.get("key_file") else None
    unknown = set(mod) - {"address", "games", "state", "masters", "name", "max_bytes", "idle", "inbox", "key_file",
                          "cpu_budget"}
    if unknown:
        raise ConfigError(f"{where} [moderator]: unknown key(s) {', '.join(sorted(unknown))}")
    return Config(address=address, games=games, state=state, name=str(mod.get("name", "pbem moderator")),
                  masters=tuple(masters), imap=imap, smtp=smtp, maildir=md, key_file=key_file,
                  inbox=str(mod.get("inbox", "INBOX")), max_bytes=int(mod.get("max_bytes", 1_000_000)),
                  idle=float(mod.get("idle", 60)), cpu_budget=_positive(mod, "cpu_budget", 2.0, where))


def _positive(t: dict, key: str, default: float, where: str) -> float:
    v = t.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
        raise ConfigError(f"{where} [moderator] {key}: expected a number of seconds above 0, got {v!r}")
    return float(v)


def _table(raw: dict, name: str, where: str, required: bool = False) -> dict:
    t = raw.get(name)
    if t is None:
        if required:
            raise ConfigError(f"{where}: the [{name}] table is missing")
        return {}
    if not isinstance(t, dict):
        raise ConfigError(f"{where}: [{name}] must be a table")
    return t


def _str(t: dict, key: str, where: str, required: bool = False) -> str:
    v = t.get(key)
    if v is None:
        if required:
            raise ConfigError(f"{where}: {key} is missing")
        return ""
    if not isinstance(v, str) or not v:
        raise ConfigError(f"{where} {key}: expected a non-empty string")
    return v


def _server(t: dict, where: str, default_port: int) -> Server:
    if "password" in t:
        raise ConfigError(f"{where}: a password in the config file is not accepted; use password_env "
                          "(an environment variable's name) or password_file")
    host = _str(t, "host", where, required=True)
    port = t.get("port", default_port)
    if not isinstance(port, int) or not 0 < port < 65536:
        raise ConfigError(f"{where} port: expected a port number, got {port!r}")
    security = t.get("security", "tls")
    if security not in SECURITY:
        raise ConfigError(f"{where} security: one of {', '.join(SECURITY)}, not {security!r}")
    password = None
    if t.get("password_env"):
        name = _str(t, "password_env", where)
        password = os.environ.get(name)
        if password is None:
            raise ConfigError(f"{where}: the environment variable {name} (password_env) is not set")
    elif t.get("password_file"):
        pf = Path(_str(t, "password_file", where))
        try:
            password = pf.read_text(encoding="utf-8").strip()
        except OSError as e:
            raise ConfigError(f"{where} password_file: cannot read {pf} ({e.strerror})") from None
    user = t.get("user")
    if user is not None and not isinstance(user, str):
        raise ConfigError(f"{where} user: expected a string")
    if user and password is None:
        raise ConfigError(f"{where}: user {user!r} needs password_env or password_file")
    ca = t.get("ca_file")
    return Server(host, port, security, user, password, str(ca) if ca else None)
