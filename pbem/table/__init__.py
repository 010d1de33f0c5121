"""A game at the table: the application entry of the moderator and the CLI.

`Table.submit(text, seat, source) -> Outcome` plays a message on a stored game, all or nothing
(`core.py`); the `Outcome` and what it is made of are in `outcome.py`; a whole pasted
18xx.games transcript is `transcript.py`; what tells a mail's chat from its move lines by
reading them is `lines.py`. The moderator imports this package, never the notation or the
engine (a contract in pyproject.toml). Importing it loads no free-text reader: that is loaded
when something is read.
"""
from pbem.notation.limits import OverBudget, check_budget, cpu_budget, uncharged

from .core import CLAIMS_WARN, MAX_NOTES, Table, round_label, round_label_mismatch
from .outcome import AppliedMove, MoveRejected, Outcome, Refusal

__all__ = ["AppliedMove", "CLAIMS_WARN", "MAX_NOTES", "MoveRejected", "Outcome", "OverBudget", "Refusal", "Table",
           "check_budget", "cpu_budget", "round_label", "round_label_mismatch", "uncharged",
           "warm_reader"]


def warm_reader(title: str) -> None:
    """Load the reader of `title` before a mail is read (`pbem.reading.driver.warm`)."""
    from pbem.reading.driver import warm

    warm(title)
