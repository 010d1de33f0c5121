"""Round and phase labels written in a message ("OR 2.1", "SR 3", "Green phase"): what the game
calls its present round, and why a label a player wrote does not match it."""
from __future__ import annotations

import re

from pbem.engine.game import Game as EngineGame
from pbem.notation.lazy import regex

_LABEL = regex(r"\b(SR|OR|stock\s+round|operating\s+round)\s*(\d+)(?:\.(\d+))?", re.I)


def round_label(game: EngineGame) -> str:
    """The round as players label it: 'SR 3', 'OR 2.1' (turn.OR number); '' for the auction."""
    if game.round.name == "stock":
        return f"SR {game.turn}"
    if game.round.name == "operating":
        return f"OR {game.turn}.{game.round.num}"
    return ""


_PHASE = regex(r"\b(?:(yellow|green|brown|gr[ae]y)\s+phase|phase\s+(\d+[a-z]?))\b", re.I)


def round_label_mismatch(header: str, game: EngineGame) -> str:
    """Why a round or phase label written in a message does not match the game ('' if it does or says nothing)."""
    if m := _PHASE.search(header):
        if m.group(2):
            same = m.group(2).lower() == str(game.phase.name).lower()
            return "" if same else f"the game is in phase {game.phase.name}"
        colour = m.group(1).lower().replace("grey", "gray")
        newest = (game.phase.tiles or ("",))[-1]
        return "" if colour == newest else f"the game is in the {newest} phase (phase {game.phase.name})"
    m = _LABEL.search(header)
    if not m:
        return ""
    kind = "SR" if m.group(1).lower().startswith(("sr", "stock")) else "OR"
    want = f"{kind} {m.group(2)}" + (f".{m.group(3)}" if kind == "OR" and m.group(3) else "")
    have = round_label(game)
    if not have:
        return "the game is in the private auction"
    if kind == "OR" and not m.group(3):
        have = have.split(".")[0]
    return "" if want == have else f"the game is in {round_label(game)}"


