"""1869's own kind of move: a corporation saves part of its bonus ("The Corporation can save any
part of its Bonus (in 10$-steps), the rest is added to the dividend")."""
from __future__ import annotations

from dataclasses import dataclass

from pbem.engine.actions import Action


@dataclass(frozen=True)
class SaveBonus(Action, kind="save_bonus"):
    """The operating corporation keeps `amount` of this run's bonus in its treasury (a multiple
    of $10, at most the bonus); the rest of its revenue goes to the dividend."""

    amount: int
    words = "save part of a bonus"
    written = "saves {amount} of its bonus"
    read = r"saves \$?(?P<amount>[0-9]+) of (?:its|the) bonus"
    verbs = ("save", "saves", "saved", "saving", "keep", "keeps", "kept", "keeping")
