"""Share certificates: each a piece of paper of a given size held by one holder.

A corporation's charter lists its certificates (from title data: a president's certificate of
20%, 40% or 100%, ordinary shares of 10% or 20%, 200% companies after a fusion). Any holder keeps
them: a player, another corporation, the IPO or treasury ('ipo'), the market pool ('pool') or an
escrow ('escrow'). Paper changes hands a certificate at a time, so a sale of 10% out of a lone 20%
certificate is impossible unless the title makes change; the president always holds the
president's certificate (`seat_president` swaps it for ordinary paper of the same size). Each
holder keeps its certificates in the order they came, and gives the longest-held away first (a
sale's bundle, a swap's change, a buy from the IPO or the pool), as 18xx.games moves them, so the
game holds the very certificates the reference's game would."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Iterable, Optional

from pbem.engine.abilities import given_shares

#: holders that are places of the bank, not owners: they never preside and hold no vote
BANK_PLACES = frozenset({"ipo", "pool", "escrow"})

DEFAULT_SIZES = (20, 10, 10, 10, 10, 10, 10, 10, 10)


@dataclass(eq=False)
class Certificate:
    """One certificate: its place on the charter, size, whether it is the president's, and who has it."""

    corporation: str
    index: int
    percent: int
    president: bool
    holder: str = "ipo"
    #: what it counts toward a holder's certificate limit (½ for some titles' small certificates)
    counts: Fraction = Fraction(1)
    #: when it reached its holder (0: on the charter from the start); a holder's certificates are
    #: in this order, the longest-held first, and the ones it gives away are taken from the front
    since: int = 0


class CertificateError(ValueError):
    """No set of a holder's certificates makes up the amount asked for."""


def certificate_specs(spec: Optional[Iterable]) -> list[tuple[int, Fraction]]:
    """The (percent, counts) of each certificate from title data: a list of percents, or of
    objects {"percent": 20, "counts": "1/2"}; none given means a president's 20% and eight 10% shares."""
    if spec is None:
        spec = DEFAULT_SIZES
    out = []
    for item in spec:
        if isinstance(item, dict):
            out.append((int(item["percent"]), Fraction(str(item.get("counts", 1)))))
        else:
            out.append((int(item), Fraction(1)))
    return out


class CertificateSet:
    """A corporation's certificates and their holders, with the percent each holder has kept in step."""

    def __init__(self, corporation: str, spec: Optional[Iterable] = None, share_percent: Optional[int] = None):
        self.corporation = corporation
        self.certs = [Certificate(corporation, i, pct, president=(i == 0), counts=counts)
                      for i, (pct, counts) in enumerate(certificate_specs(spec))]
        ordinary = [c.percent for c in self.certs if not c.president]
        #: the size of one share: what one buy takes, what a share's price is quoted for
        self.share_percent = share_percent or (min(ordinary) if ordinary else
                                               self.certs[0].percent if self.certs else 10)
        #: holders that are not players: the bank's places and the game's corporations (set by the game)
        self.places: frozenset[str] = BANK_PLACES
        self._held: dict[str, int] = {}
        self.clock = 0
        self._recount()

    # --- reading ------------------------------------------------------------------------
    #: what each holder's certificates count toward a limit (`count`), worked out when first
    #: asked after paper moves
    _counts: Optional[dict] = None
    #: each holder's certificates in `of`'s order, sorted when first asked after paper moves
    _of: Optional[dict] = None

    def _recount(self) -> None:
        held: dict[str, int] = {}
        for c in self.certs:
            held[c.holder] = held.get(c.holder, 0) + c.percent
        self._held = held
        self._counts = None
        self._of = None

    @property
    def held(self) -> dict[str, int]:
        """Percent per holder (a copy)."""
        return dict(self._held)

    def percent_of(self, holder: str) -> int:
        return self._held.get(holder, 0)

    def of(self, holder: str) -> list[Certificate]:
        """`holder`'s certificates, the longest-held first (those on the charter from the start in
        charter order): the order 18xx.games keeps each holder's paper in."""
        by_holder = self._of
        if by_holder is None:
            by_holder = self._of = {}
            for c in sorted(self.certs, key=lambda c: (c.since, c.index)):
                by_holder.setdefault(c.holder, []).append(c)
        return list(by_holder.get(holder, ()))

    @property
    def president_cert(self) -> Optional[Certificate]:
        return self.certs[0] if self.certs and self.certs[0].president else None

    @property
    def president_percent(self) -> int:
        cert = self.president_cert
        return cert.percent if cert else 0

    @property
    def total_percent(self) -> int:
        return sum(c.percent for c in self.certs)

    def count(self, holder: str) -> Fraction | int:
        """What `holder`'s certificates count toward a certificate limit (an int while each
        counts whole: Fraction sums cost more than the rest of the limit check)."""
        counts = self._counts
        if counts is None:
            counts = {}
            for c in self.certs:
                w = c.counts
                counts[c.holder] = counts.get(c.holder, 0) + (w.numerator if w.denominator == 1 else w)
            self._counts = counts
        return counts.get(holder, 0)

    def owners(self) -> dict[str, int]:
        """Percent per holder that is not a bank place nor a corporation: the players."""
        return {h: p for h, p in self._held.items() if h not in self.places and p > 0}

    # --- moving paper ------------------------------------------------------------------------
    def pick(self, holder: str, percent: int, last: bool = False) -> list[Certificate]:
        """The fewest of `holder`'s certificates (ordinary ones first, the longest-held first, or
        the latest first when `last`) that make exactly `percent`; CertificateError when none do."""
        mine = self.of(holder)
        if last:
            mine.reverse()
        for pool in ([c for c in mine if not c.president], mine):
            for k in range(1, len(pool) + 1):
                for combo in combinations(pool, k):
                    if sum(c.percent for c in combo) == percent:
                        return list(combo)
        have = "+".join(str(c.percent) for c in mine) or "nothing"
        raise CertificateError(f"no set of {holder}'s {self.corporation} certificates ({have}) makes {percent}%")

    def bundle(self, holder: str, percent: int, last: bool = False) -> tuple[list[Certificate], int]:
        """The certificates a move of `percent` from `holder` takes, and how much of them comes
        back (a part of the president's certificate sold): `holder`'s ordinary certificates, the
        smallest and then the longest-held first (the latest first when `last`), with the
        president's certificate after them when they do not make `percent`."""
        mine = self.of(holder)
        if last:
            mine.reverse()
        ordinary = sorted((c for c in mine if not c.president), key=lambda c: c.percent)
        total = 0
        for k, c in enumerate(ordinary):
            total += c.percent
            if total == percent:
                return ordinary[:k + 1], 0
        pres = self.president_cert
        if pres is not None and pres.holder == holder and total < percent <= total + pres.percent \
                and (total + pres.percent - percent) % self.share_percent == 0:
            return ordinary + [pres], total + pres.percent - percent
        return self.pick(holder, percent, last), 0

    def hand(self, certs: Iterable[Certificate], dst: str) -> None:
        """Give these certificates to `dst`, in this order (it will hold them after its others)."""
        for c in certs:
            self.clock += 1
            c.holder, c.since = dst, self.clock
        self._recount()

    def move(self, src: str, dst: str, percent: int, last: bool = False) -> list[Certificate]:
        """Hand `percent` of paper from `src` to `dst` (the longest-held first, or the latest
        when `last`); returns the certificates moved."""
        if percent <= 0:
            return []
        certs = self.pick(src, percent, last)
        self.hand(certs, dst)
        return certs

    def give(self, cert: Certificate, dst: str) -> None:
        self.hand([cert], dst)

    def seat_president(self, president: str, swap_to: Optional[str] = None) -> bool:
        """Give `president` the president's certificate in exchange for its longest-held ordinary
        paper of the same size, handed to `swap_to` (by default the certificate's holder). False
        (nothing moved) when the president cannot make change."""
        cert = self.president_cert
        if cert is None or cert.holder == president:
            return True
        try:
            change = self.pick(president, cert.percent)
        except CertificateError:
            return False
        if any(c.president for c in change):
            return False
        self.hand(change, cert.holder if swap_to is None else swap_to)
        self.hand([cert], president)
        return True

    def reset(self, holder: str = "ipo") -> None:
        """Every certificate back to `holder` (a corporation returned to the box starts anew)."""
        for c in self.certs:
            c.holder, c.since = holder, 0
        self._recount()

    def retire(self) -> None:
        """The corporation leaves the game and its paper with it."""
        self.certs = []
        self._recount()


def company_certificates(data: dict, company: str) -> list[str]:
    """The certificates ('<corp>_<index>', 18xx.games' names; index 0 the president's) that the
    title data's 'shares' ability hands to the buyer of private `company` (none for a random one)."""
    return [f"{corp}_{i}" for sym, corp, i in given_shares(data) if sym == company]
