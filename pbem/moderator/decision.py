"""What the moderator does with one mail: where it is filed, what happened, what is sent."""
from __future__ import annotations

from dataclasses import dataclass, field

from pbem.moderator.ledger import Outgoing

__all__ = ["Decision"]


@dataclass
class Decision:
    """What to do with a mail: where it goes, what happened, what to send."""

    folder: str                          # "Processed" or "Rejected"
    outcome: str
    game: str = ""
    outgoing: list[Outgoing] = field(default_factory=list)
    changed: bool = False                # the game file changed
