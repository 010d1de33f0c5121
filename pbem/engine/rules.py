"""Standard 18xx rules as overridable hooks; a title subclasses `Rules` for what really differs."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from pbem.engine import abilities
from pbem.engine import actions as A
from pbem.engine.board import Token
from pbem.engine.round_rules import RoundRules
from pbem.engine.share_rules import ShareRules
from pbem.engine.train_rules import TrainRules
from pbem.errors import RuleError

if TYPE_CHECKING:
    from pbem.engine.entities import Company, Corporation, Train
    from pbem.engine.game import Game


class Rules(RoundRules, ShareRules, TrainRules):
    """Default behaviour shared by most titles (the classic rules). Methods take the game as first argument."""

    name = "generic"
    game_end = {"bankrupt": "immediate", "stock_market": "current_round", "bank": "full_or"}
    #: a later trigger replaces the current one only if its timing comes earlier in this list
    end_timing_priority = ["immediate", "current_round", "current_or", "full_or", "one_more_full_or_set"]

    def __init__(self, name: str, data: dict, tiles: dict):
        """`data`: the title's data file as read (docs/title-data.md); `tiles`: the shared tile
        catalogue. The title hands both over: the engine reads no file."""
        from pbem.engine.tiles import load_catalogue

        self.name = name
        self.data = data
        self.catalogue = load_catalogue(self.data, tiles)
        abilities.all_of(data)              # the privates' abilities read (and refused if unreadable) now

    @property
    def player_counts(self) -> tuple[int, int]:
        """The fewest and most players the title is for (the counts its starting cash is given for)."""
        counts = sorted(int(n) for n in self.data["starting_cash"])
        return counts[0], counts[-1]

    #: the dataclass of the title's own state (None: it keeps none); the Game holds one in `extra`
    state_class: Optional[type] = None

    def new_state(self, g: "Game") -> Optional[object]:
        """A fresh title state for a new game, filled in by `setup` (`game.extra`)."""
        return self.state_class() if self.state_class is not None else None

    # --- rounds ---------------------------------------------------------------------------------
    def new_market(self, g: "Game"):
        """The game's stock market (a title may offer another layout as an option, or move differently)."""
        from pbem.engine.market import StockMarket

        return StockMarket(self.data["market"])

    def state_corporations(self, g: "Game") -> list["Corporation"]:
        """The corporations in play, in the order the state JSON lists them."""
        return list(g.corporations.values())

    # --- setup and stock round ------------------------------------------------------------
    def setup(self, g: "Game") -> None:
        for corp in g.corporations.values():
            # a home on a hex of several cities with no city named reserves the hex
            if corp.home and g.board.city_count(corp.home) > 0:
                g.board.reserve(corp.home, corp.home_city, corp.sym)

    def can_par(self, g: "Game", corp: "Corporation", player: str) -> bool:
        return not corp.ipoed

    def par_cost(self, g: "Game", corp: "Corporation", price: int) -> int:
        return 2 * price

    def par(self, g: "Game", player: str, corp: "Corporation", price: int, rnd) -> None:
        self.start_corporation(g, player, corp, price, self.par_cost(g, corp, price))

    def start_corporation(self, g: "Game", player: str, corp: "Corporation", price: int, cost: int,
                          reserved: str = "") -> None:
        """Set the par price and give `player` the president's certificate for `cost` (0: it came
        with a private, held in reserve under `reserved`)."""
        if g.players[player].cash < cost:
            raise RuleError(f"{g.player_name(player)} has ${g.players[player].cash}; starting {corp.sym} at ${price} "
                            f"costs ${cost}", rule="par price")
        g.set_par(corp, price)
        corp.ipoed = True
        corp.president = player
        if reserved:
            corp.reserved.pop(reserved, None)
        g.pay_to_bank(player, cost)
        g.shares.give_president(corp, player)
        self.after_par(g, corp)

    def float_capital(self, g: "Game", corp: "Corporation") -> int:
        """What the bank pays a corporation as it floats: ten times its par under full
        capitalisation (the data's `capitalization`, default "full"), else nothing."""
        return corp.par_price * 10 if self.data.get("capitalization", "full") == "full" else 0

    def after_par(self, g: "Game", corp: "Corporation") -> None:
        if not corp.floated and corp.ipo_percent <= 100 - corp.float_percent:
            g.float_corporation(corp)

    def pending_par(self, g: "Game", action: A.Par, company_sym: str) -> None:
        raise RuleError("no corporation is waiting for a par value", rule="par")

    def pending_par_corporation(self, g: "Game", company_sym: str) -> str:
        """The corporation whose par the buyer of private `company_sym` must now set (a title whose
        auction hands out a president's certificate names it; `after_buy_company` asks for it)."""
        raise RuleError(f"{company_sym} comes with no corporation to par", rule="par")

    def after_buy_company(self, g: "Game", player: str, company: "Company", price: int, rnd) -> None:
        pass

    def has_train_limit(self, g: "Game", corp: "Corporation") -> bool:
        """Whether the phase's train limit binds the corporation (must it discard excess trains)."""
        return True

    #: whether a discarded or traded-in train goes back to the depot, for sale again (else it
    #: leaves the game)
    discarded_trains_for_sale = False

    # --- operating round --------------------------------------------------------------------
    def start_operating(self, g: "Game", corp: "Corporation", rnd) -> None:
        corp.last_routes = []                 # "last run" means this turn's run once it operates
        self.place_home_token(g, corp, rnd)

    def end_operating_turn(self, g: "Game", corp: "Corporation", rnd) -> None:
        pass

    def place_home_token(self, g: "Game", corp: "Corporation", rnd) -> None:
        if not corp.tokens or corp.tokens[0].used or not corp.home:
            return
        tile = g.board.tile(corp.home)
        if self.home_city_chosen(g, corp) and tile.has_track:
            rnd.turn.pending_home.append((corp.sym, [corp.home], None, corp.sym))
            return
        city = g.board.reserved_city(corp.home, corp.sym, corp.home_city or 0)
        g.board.place_token(corp.home, city, Token(corp.sym, corp.sym, False))
        corp.tokens[0].used = True

    def home_city_chosen(self, g: "Game", corp: "Corporation") -> bool:
        """Whether the corporation places its home station itself: its home hex was printed with
        several cities and names none of them. The reservation is then the hex's, not a city's,
        and stays so through upgrades, even to a tile with a single city (as in 18xx.games)."""
        if corp.home_city is not None:
            return False
        return len(g.board.printed_tile(corp.home).city_nodes) > 1

    def purchasable_companies(self, g: "Game", corp: "Corporation") -> list["Company"]:
        return [c for c in g.companies.values()
                if not c.closed and c.owner and not c.owner_is_corp and self.company_sellable(g, c)]

    def certificates_given(self, g: "Game") -> list[str]:
        """18xx.games certificate ids that abilities have taken out of the IPO (for importers)."""
        return []

    def has_active_ability(self, g: "Game", corp: "Corporation") -> bool:
        """Whether the corporation owns a private whose ability it could still use."""
        return False

    def company_sellable(self, g: "Game", company: "Company") -> bool:
        return True

    def anytime_action(self, g: "Game", action: A.Action) -> bool:
        """Carry out `action` if it is one the title allows at any time, outside the turn order
        (a private's ability usable between others' turns), and return True; False: the round
        takes it. Refuses with RuleError an action of that kind that is not allowed now."""
        return False

    company_price_rule = "private price between half and twice face value"

    def company_price_range(self, g: "Game", comp: "Company") -> tuple[int, int]:
        """Lowest and highest price a corporation may pay a player for a private."""
        return (comp.value + 1) // 2, comp.value * 2

    def after_company_sold(self, g: "Game", corp: "Corporation", comp: "Company") -> None:
        pass

    def lay_blocked(self, g: "Game", coord: str, slot: Optional[dict] = None, rnd=None) -> Optional[tuple[str, str]]:
        """(reason, rule) why no tile may be laid on `coord` now (with the turn's lay `slot` in
        operating round `rnd`, when given), or None: the one check behind the refusal of a lay and
        the legal listing."""
        if slot is not None and rnd is not None and slot.get("cannot_reuse_same_hex") \
                and coord in rnd.turn.laid_hexes:
            return f"the second tile may not go on {coord} again", "two lays on different hexes"
        blocker = g.blocked_hex(coord)
        if blocker:
            return (f"{coord} is blocked by {blocker.name} while a player owns it",
                    "private companies block their hexes")
        return None

    def after_tile_laid(self, g: "Game", corp: "Corporation", action: A.LayTile, result) -> None:
        pass

    #: a route may stop in each hex once (the route search walks no route that breaks it)
    one_stop_per_hex = False

    def suggest_runs(self, g: "Game", corp: "Corporation"):
        """Suggested routes for the corporation's unrun trains, or None for the standard search."""
        return None

    def route_bonus(self, g: "Game", corp: "Corporation", stops) -> int:
        """What one route of `corp` through `stops` ((hex, city) pairs) earns beyond its stops'
        values; asked for the corporation whose route it is, operating or not (a route search
        between turns prices its routes as its turn would)."""
        return 0

    def corporation_status(self, g: "Game", corp: "Corporation") -> list[str]:
        """Words on the corporation's state that the status report shows beside it (a title's
        "receivership"); none by default."""
        return []

    def train_status(self, g: "Game", corp: "Corporation", train: "Train") -> str:
        """A word on a corporation's train that the status report shows with it (a title's
        "scrapped" train running once more); "" by default."""
        return ""

    def run_bonus(self, g: "Game", corp: "Corporation", resolved, memo: Optional[dict] = None) -> int:
        """What a whole run (its routes as resolved) earns beyond the sum of its routes' worths
        (a bonus several trains earn together; negative where the routes' worths count one
        bonus twice); asked only when `run_bonus_bound` is not None. `memo`: a dict the caller
        keeps while the position stands (one best-run search), for the title's own use."""
        return 0

    def run_bonus_bound(self, g: "Game", corp: "Corporation") -> Optional[int]:
        """The most `run_bonus` can add to a run of `corp` now; None: a run is worth the sum of
        its routes (the best-run search then never asks `run_bonus`)."""
        return None

    def train_distance(self, g: "Game", corp: "Corporation", train):
        """What routes.check_routes takes as the train's reach (an int here; titles may do more)."""
        return train.distance

    def check_resolved_routes(self, g: "Game", corp: "Corporation", resolved) -> None:
        """Title rules on the runs as laid on the board (none by default)."""


    # --- events -------------------------------------------------------------------------
    def train_event(self, g: "Game", event, corp: "Corporation", train: "Train") -> None:
        name = event if isinstance(event, str) else event.get("type")
        if name == "close_companies":
            for c in g.companies.values():
                if self.survives_close_event(g, c):
                    continue
                g.close_company(c)

    def rust_on_phase(self, g: "Game", train: "Train", buyer: "Corporation") -> None:
        """A corporation's train whose rusting phase `buyer`'s purchase just started: it rusts at
        once (a title may let it run once more first)."""
        g.rust(train)

    def survives_close_event(self, g: "Game", c: "Company") -> bool:
        return False

    def after_train_bought(self, g: "Game", corp: "Corporation", train: "Train") -> None:
        pass

    def on_phase(self, g: "Game", phase) -> None:
        pass

    def pending_choice(self, g: "Game") -> Optional[str]:
        """An entity that must decide something before the round goes on (e.g. a trainless major)."""
        return None

    def process_choice(self, g: "Game", action: A.Action) -> None:
        raise RuleError("no choice is pending", rule="choices")

    def before_game_end(self, g: "Game") -> None:
        """Settle anything due as the game ends, before values are counted."""

    def player_value(self, g: "Game", pid: str) -> Optional[int]:
        """A player's final value, or None for the standard count (cash, shares, privates)."""
        return None

    def game_end_checks(self, g: "Game") -> list[tuple[str, str]]:
        out = []
        for p in g.players.values():
            if p.bankrupt:
                out.append(("bankrupt", self.game_end["bankrupt"]))
                break
        if g.market.end_reached:
            out.append(("stock_market", self.game_end["stock_market"]))
        if g.bank_broken:
            out.append(("bank", self.game_end["bank"]))
        return out
