"""Whether an action is legal now, answered by the steps' checks without applying it when they can.

A step's `check` changes nothing and is the whole rule for the kinds it owns, but for those it
names in `checked_on_apply` (runs, the president's emergency sales and bankruptcy, a station
placed now, a private's ability, a purchase with loans: the rest is checked as they are applied). A round's `pre_check` sends the action where `process` would and says whether the check
settled it. `verdict` is True or False when it did, None when only applying the action tells (the
caller then tries it on a copy, as `pbem.Game.is_legal` does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import actions as A
from pbem.errors import PbemError

if TYPE_CHECKING:
    from pbem.engine.game import Game


def verdict(g: "Game", action: A.Action) -> Optional[bool]:
    """True (legal) or False (refused) when the checks answer without applying; None otherwise."""
    if g.finished:
        return False
    if isinstance(action, A.EndGame):
        return action.entity in g.players
    pre_check = getattr(g.round, "pre_check", None)
    if pre_check is None:
        return None
    try:
        answered = pre_check(action)
    except PbemError:
        return False
    except Exception:  # noqa: BLE001 - a check that trips over an odd action: applying it tells
        return None
    return True if answered else None
