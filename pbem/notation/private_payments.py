"""A private bought, told as what the company operating pays its owner ("GT pays Bob 60 for the
Trestle Bridge", "QLL pays $50 to Cid for the NWR"): a payment that names a private is its
purchase, never a dividend (which names no private)."""
from __future__ import annotations

from typing import Optional

from pbem.engine.actions import Action, BuyCompany

from .context import NotationContext
from .pieces import Clause

__all__ = ["private_paid"]


def _operating(ctx: NotationContext) -> bool:
    raw = ctx.round_kind() if callable(ctx.round_kind) else ctx.round_kind
    return str(raw or "").strip().lower().startswith(("or", "operating"))


def private_paid(c: Clause, ctx: NotationContext) -> Optional[list[Action]]:
    """The purchase a clause of payment tells, or None: an operating round, the pay word alone, one
    private named after "for", one amount, and no company but the one operating."""
    if not _operating(ctx) or c.verbs() != {"payout"} or not ctx.current:
        return None
    privates = [(p, i) for p in c.of("name") for k, i in p.value if k == "company"]
    corps = {i for p in c.of("name") for k, i in p.value if k == "corporation"}
    amounts = [p.value for p in c.of("money")] or [p.value for p in c.of("number")]
    if len({i for _, i in privates}) != 1 or privates[0][0].before not in ("for", "the") or len(amounts) != 1 \
            or corps - {ctx.current} or any(c.of(k) for k in ("hex", "tile", "train", "percent")):
        return None
    return [BuyCompany(ctx.current, privates[0][1], amounts[0])]
