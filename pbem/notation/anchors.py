"""What every move names (a figure, a name, a move word or idiom, or a slip of one): a line naming none is
never read as a move, so the moderator can tell it is chat without reading it."""
from __future__ import annotations

from functools import lru_cache

from pbem.errors import AmbiguousMoveError

from .names import NameIndex, norm, rewrite_names
from .spelling import ENGLISH, VOCABULARY, slips
from .lazy import regex

__all__ = ["STRONG", "names_something", "naming_nothing", "names_the_game", "plain_words", "says_a_move", "unexplained"]

_TOKEN = regex(r"[A-Za-z_][A-Za-z0-9_'’&]*")
_LETTERS = regex(r"[A-Za-z]{2,}")

#: words no move is made of: they stand only beside the words that matter
_FUNCTION = frozenset("""
a an the to of and or but if so as at by on in for from with into onto than then this that these those
it its i i'm im me my mine we us our you your he she they them their his her is are was were be been being am
do does did have has had will would shall should can could may might must not yes all any some each every more
most very just too also only still even here there now please pls thanks thank""".split())


#: words people tell a move in beyond the reader's own: a line holding one may be a move ("swaps its 4")
IDIOMS = frozenset("""
ability activated activates afford bankruptcy both cash change charge choice chose conversion conversions count
decide decided decides declare declares declaring decline declined declines diesel director div dividends
dollars draws drop dropped dropping drops earned earns elect elected elects exchanged exchanging exercised
exercises falls fives four fours free funds further get gets getting going gone got halved halving holding
income jumps lifts made major make makes marker merger mergers minor minors moved moving nationalise
nationalised nationalises nationalize nationalized nationalises nets netted none nothing notch obsolete once
operates opt opted opts owners parr placing power pres presidency prez privates pulls put puts putting railway
reduce refuse refused refuses reject rejects return returns revenue revenues revs rises roubles rubles route
routes rusted sale same saving scored scores sets setting shareholders sixes skips stay stays step stop swap
swaps third three threes tiles tkn tok token track trade trainless triggers two twos unable used uses using
won worth yields
""".split())


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """The words that make a line possibly a move: the reader's move words, fillers and words
    of its messages, and the idioms above, lower case."""
    from .messages import MOVE_WORDS, OTHER_WORDS
    from .pieces import FILLERS, VERBS
    from .spelling import VOCABULARY

    words: set[str] = set(IDIOMS)
    for w in [*VOCABULARY, *VERBS, *OTHER_WORDS, *FILLERS, *(p for ps in MOVE_WORDS.values() for p in ps)]:
        words.update(x.lower() for x in _LETTERS.findall(w))
    return frozenset(words - _FUNCTION)


def names_something(line: str, index: NameIndex) -> bool:
    """Whether `line` names anything a move needs (see the module's text)."""
    if any(ch.isdigit() for ch in line):
        return True
    from .own_kinds import title_verbs

    vocab = vocabulary()
    own = title_verbs(getattr(index, "title", None))      # a title's own kinds' words
    for m in _TOKEN.finditer(rewrite_names(index, line)):
        token = m.group(0)
        low = token.lower().strip("'’")
        if low in _FUNCTION:
            continue
        if low in vocab or low in own or len(low) == 1:            # one letter: "p", "b 2 GT"
            return True
        if norm(token) and _names(index, token):
            return True
    return bool(slips(line, index))


#: the move words English uses for little else ("run", "start", "place" are not among them)
STRONG = frozenset("""buy buys bought buying sell sells sold selling bid bids bidding par pars parred parring
pass passes passed passing lay lays laid laying upgrade upgrades upgraded upgrading token tokens tokened withhold
withholds withheld dump dumps dumped float floats floated""".split())


def says_a_move(line: str, index: NameIndex) -> bool:
    """Whether `line` says a move in so many words: one of the `STRONG` move words, and no word
    nothing of a move explains ("pass", "I pass"; not "One 1", "and retain this formatting")."""
    return bool({w.lower() for w in _TOKEN.findall(line)} & STRONG) and not plain_words(line, index)


#: a tile, an amount of money or a hex coordinate as moves write them
_FIGURE = regex(r"(?:^|(?<=[\s(\[:;,]))(?:#\s?\d{1,4}|[$£¥€]\s?\d+|\d+\s?[$₽])(?=$|[\s).,;:\]])")


def _game_forms(index: NameIndex) -> frozenset[str]:
    """The exact forms of the companies', privates' and places' names and the hexes (cached)."""
    got = getattr(index, "_game_forms", None)
    if got is None:
        got = frozenset(q for k in ("corporation", "company", "location") for e in index.entries[k] for q in e.exact)
        index._game_forms = got
    return got


def plain_words(line: str, index: NameIndex) -> list[str]:
    """The words of `line` no move word, idiom, English word of the chat rules or exact name of
    the game explains, found without looking names up: `unexplained` holds no more."""
    from .own_kinds import title_verbs

    vocab, own, forms = vocabulary(), title_verbs(getattr(index, "title", None)), index.every_form
    out = []
    for token in _TOKEN.findall(line):
        low = token.lower().strip("'’").replace("’", "'")
        if not (low in _FUNCTION or low in vocab or low in own or low in ENGLISH or len(low) == 1
                or any(ch.isdigit() for ch in low) or norm(token) in forms or not norm(token)):
            out.append(token)
    return out


def names_the_game(line: str, index: NameIndex) -> bool:
    """Whether `line` names a company, private or place of this game, a hex, a tile ("#57") or an amount:
    what prose about anything else does not (a player's name or a bare number does not count)."""
    forms = _game_forms(index)
    if any(norm(t) in forms for t in _TOKEN.findall(line)):
        return True
    for m in _FIGURE.finditer(line):
        before = _TOKEN.findall(line[:m.start()])
        label = m.group(0).startswith("#") and before and before[-1].lower() not in vocabulary() | _FUNCTION \
            and not before[-1].isupper()
        if not label:               # "Item #1", "request #12": a number's label, not a tile
            return True
    kinds = ("corporation", "company", "location")
    for m in _TOKEN.finditer(rewrite_names(index, line)):
        token = m.group(0)
        if token.lower() in _FUNCTION or token.lower() in ENGLISH or len(norm(token)) < 2:
            continue
        try:
            found = index.lookup(token, kinds, mode="priority")
        except AmbiguousMoveError:
            return True
        if found is not None and (norm(token) in found.exact or len(norm(token)) >= 4):   # not "ma" for Maidstone
            return True
    return any(c not in VOCABULARY for s in slips(line, index) for c in s.choices)     # "CRP", "Canadian Pacfic"


def unexplained(line: str, index: NameIndex) -> list[str]:
    """The words of `line` nothing a move or the table's talk explains ("running a test?": "test"):
    `plain_words` with its multi-word names joined first, and the names looked up."""
    return [t for t in plain_words(rewrite_names(index, line), index) if not _names(index, t)]


def _names(index: NameIndex, token: str) -> bool:
    """Whether `token` names an entry of any kind (several: it names one of them)."""
    try:
        return index.lookup(token, tuple(index.entries)) is not None
    except AmbiguousMoveError:
        return True


def naming_nothing(line: str, line_no: int):
    """The refusal of a move read from a line that names nothing a move needs."""
    from .messages import notation_error

    return notation_error("the line names nothing a move needs: no amount, tile or hex, no player, company, "
                          "private, place or train, no move word", line_no=line_no, line_text=line, column=1,
                          text=line.strip())
