"""Checks of a new game's seats and options, before any file exists or any move is made."""
from __future__ import annotations

from typing import Sequence

from pbem.errors import RuleError
from pbem.engine.run_duty import RUN_OPTIONS
from pbem.titles import load_title

#: game option: a false claim in a message is reported as a warning instead of refusing it
CLAIMS_WARN = "claims-warn"


def check_players(title: str, players: Sequence[tuple[str, str]], data: str = "") -> None:
    """The seats of a new game: within the title's player count, names unique and never a company's,
    a private's or "moderator", addresses unique (RuleError naming what is wrong); `data`: the
    game's own title data, if any."""
    from pbem.notation import context_from_title_data

    try:
        rules = load_title(title, data)
    except Exception as e:
        raise RuleError(f"unknown title {title!r} ({str(e).splitlines()[0] if str(e) else e})", rule="titles") from None
    data = rules.data if hasattr(rules, "data") else {}
    counts = sorted(int(k) for k in (data.get("starting_cash") or {}) if str(k).isdigit())
    if counts and not counts[0] <= len(players) <= counts[-1]:
        raise RuleError(f"{title} is for {counts[0]} to {counts[-1]} players, not {len(players)}", rule="player count")
    ctx = context_from_title_data(data)
    taken = {n.lower() for n in [*ctx.corporations, *ctx.corporations.values(), *ctx.companies,
                                 *ctx.companies.values(), *ctx.corporation_aliases, *ctx.company_aliases]}
    names, addrs = set(), set()
    for name, address in players:
        low = name.lower()
        if low == "moderator" or low in taken:
            raise RuleError(f"a player may not be called {name!r}: it is a company's or the moderator's name",
                            rule="player names")
        if low in names:
            raise RuleError(f"two players are called {name!r}", rule="player names")
        if address and address.lower() in addrs:
            raise RuleError(f"{address} is given for two players", rule="player addresses")
        names.add(low)
        if address:
            addrs.add(address.lower())


def check_options(title: str, options: Sequence[str], data: str = "") -> None:
    """The options of a new game are ones the title declares (its data's `optional_rules`,
    e.g. 1861's `column_market`) or pbem's own (`claims-warn`, `reference-runs`, `best-run-required`), each given once: an unknown or misspelt option would
    otherwise be stored and silently change nothing (RuleError naming the known ones)."""
    known = list((getattr(load_title(title, data), "data", {}) or {}).get("optional_rules") or ()) + [CLAIMS_WARN] \
        + list(RUN_OPTIONS)
    seen: set[str] = set()
    for opt in options:
        if opt not in known:
            have = ", ".join(known) if known else "none"
            raise RuleError(f"{title} has no option {opt!r} (its options: {have})", rule="options")
        if opt in seen:
            raise RuleError(f"option {opt!r} is given twice", rule="options")
        seen.add(opt)
