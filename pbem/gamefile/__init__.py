"""The stored game file: one hash-chained, append-only text file per game, sealed with the moderator's key.

    gf = GameFile.create(path, GameHeader("1882", [("Alice", "a@x.org"), ("Bob", "b@y.org")], seed=7))
    gf.append("Alice", "bid 45 SV", source="<abc@x.org>", seat="Alice")
    gf = GameFile.open(path)            # verifies every line's hash
    gf.effective_moves()                # moves in force, after annulments

Format and guarantees: docs/game-file.md.
"""
from __future__ import annotations

from .format import (FORMAT_VERSION, GENESIS, HASH_LEN, SEALED_VERSION, SUPPORTED_VERSIONS, AnnulRecord,
                     ForgedLineError, GameHeader, GameLog, MoveRecord, NoteRecord, Player, Record, StaleGameError,
                     TornTailError, UnsealedGameError, WriteRefusedError, chain_hash, dumps, loads, quote)
from .key import key_path, load_key
from .store import GameFile, RepairResult, repair

__all__ = [
    "FORMAT_VERSION", "GENESIS", "HASH_LEN", "SEALED_VERSION", "SUPPORTED_VERSIONS", "AnnulRecord",
    "ForgedLineError", "GameFile", "key_path", "load_key",
    "GameHeader", "GameLog", "MoveRecord", "NoteRecord", "Player", "Record", "RepairResult", "StaleGameError",
    "TornTailError", "UnsealedGameError", "WriteRefusedError", "chain_hash", "dumps", "loads", "quote", "repair",
]
