"""Parse failures as messages a player can act on: the grammar's terminals in words ("a hex coordinate
such as J10"), each message naming line and column and showing the line with a caret."""
from __future__ import annotations

import difflib
from typing import Iterable, Optional, Sequence

from pbem.errors import NotationError

#: terminal -> (phrase, example words used for "did you mean")
MOVE_WORDS: dict[str, tuple[str, ...]] = {
    "PASS": ("pass", "passes", "done", "skip"),
    "BID": ("bid", "bids"),
    "PAR": ("par", "pars", "starts"),
    "BUY": ("buy", "buys", "bought"),
    "SELL": ("sell", "sells", "sold"),
    "LAY": ("lay", "lays", "upgrade", "upgrades", "place", "places"),
    "TOKEN": ("token", "tokens", "station"),
    "REMOVE": ("remove", "removes"),
    "MOVE": ("move", "moves"),
    "RUN": ("run", "runs", "ran"),
    "NO_RUN": ("does not run",),
    "PAY": ("pay", "pays", "paid"),
    "DIVWORD": ("dividend", "full", "payout"),
    "WITHHOLD": ("withhold", "withholds", "keeps"),
    "NO_DIVIDEND": ("no dividend",),
    "HALF": ("half", "splits"),
    "DISCARD": ("discard", "discards"),
    "BANKRUPT": ("bankrupt", "goes bankrupt"),
    "END_GAME": ("ends the game", "end game"),
    "SPEND": ("spends",),
    "EXCHANGE": ("exchange", "exchanges", "trades"),
    "CONVERT": ("convert", "converts"),
    "MERGE": ("merge", "merges"),
    "CHOOSE": ("choose", "chooses"),
    "NATIONALIZE": ("nationalize", "nationalizes"),
    "REDEEM": ("redeem", "redeems"),
}

TERMINAL_WORDS: dict[str, str] = {
    "HEX": "a hex coordinate such as J10",
    "NUMBER": "a number",
    "PERCENT": "a percentage such as 20%",
    "CURRENCY": "an amount such as $60",
    "TILE_HASH": "a tile number such as #57",
    "TILE_N": '"tile"',
    "ROT_KW": 'a rotation such as "rot 2"',
    "WORD": "a name (player, company or place)",
    "ARTICLE": '"a" or "the"',
    "SHARE_N": '"share(s)"',
    "PRIVATE_N": '"private"',
    "TRAIN_N": '"train"',
    "EXPRESS": "a train such as 4E",
    "CITY_W": '"city" and its number',
    "SLOT_W": '"slot" and its number',
    "NEUTRAL": '"neutral"',
    "ON_W": '"on" or "in"',
    "AT": '"at" or "@"',
    "TO": '"to"',
    "FROM": '"from"',
    "FOR": '"for"',
    "OF": '"of"',
    "WITH": '"with"',
    "AND": '"and"',
    "DECIMAL": 'an amount such as $60',
    "STEP_DESC": 'a step such as "lay track"',
    "RECEIVING": '"receiving ..."',
    "ADDING": '"Adding"',
    "MERGE_OF": '"merge of"',
    "BY": '"by"',
    "VIA": '"via"',
    "PER": '"per share"',
    "OUT_W": '"out"',
    "RECEIVE": '"receives"',
    "TRADE_IN": '"trading in" and a train',
    "TRUSTED": '"trusted"',
    "IPO_W": '"IPO"',
    "POOL_W": '"pool" or "market"',
    "DEPOT_W": '"depot"',
    "TIMESTAMP": "a time stamp",
    "PAREN": "a remark in brackets",
    "COLON": '":"',
    "SEMI": '";" (next move)',
    "PERIOD": '"."',
    "COMMA": '","',
    "DASH": '"-" (between stops)',
    "EQ": '"=" and the revenue',
    "PLUS": '"+"',
    "GT": '">"',
    "CLAUSE_SEP": "the next move",
    "$END": "the end of the line",
}

#: the order phrases are listed in (most useful first)
_ORDER = ["__MOVE__", "HEX", "TILE_HASH", "NUMBER", "CURRENCY", "PERCENT", "ROT_KW",
          "WORD", "TRAIN_N", "SHARE_N", "FROM", "FOR", "AT", "ON_W", "TO", "CITY_W", "EQ"]

_HIDDEN = {"NEVER_MATCHES", "TIMESTAMP", "BETWEEN_PLAYERS", "PERIOD", "CLAUSE_SEP", "SEMI", "PAREN", "ARTICLE", "WITH",
           "COMMA", "PLUS", "OUT_W", "AND", "DASH", "GT", "PER", "OF", "COLON"}

#: the move words, in short
MOVE_PHRASE_SHORT = "buy, sell, par, bid, pass, lay, token, runs, pays out, ..."
MOVE_PHRASE = ("a move word (buy, sell, par, bid, pass, lay, token, runs, pays out, withholds, "
               "discards, ...)")


def expected_words(terminals: Iterable[str]) -> list[str]:
    """Readable phrases for a set of lark terminal names, most useful first."""
    names = set(terminals or ())
    out: list[tuple[int, str]] = []
    moves = [n for n in names if n in MOVE_WORDS]
    if len(moves) >= 4:
        out.append((0, MOVE_PHRASE))
    else:
        for n in moves:
            out.append((1, " or ".join(f'"{w}"' for w in MOVE_WORDS[n][:2])))
    rest = [n for n in names if n not in MOVE_WORDS and n not in _HIDDEN]
    if not rest and not out:
        # only words the list leaves out are expected ("via I5>I6": the ">" of a path): name those
        rest = [n for n in names if n in TERMINAL_WORDS]
    for n in (n for n in rest if not n.startswith("__ANON")):
        rank = _ORDER.index(n) + 2 if n in _ORDER else 50
        out.append((rank, TERMINAL_WORDS.get(n) or n.lower().replace("_", " ")))
    out.sort()
    return list(dict.fromkeys(p for _, p in out))


def words_list(phrases: Sequence[str]) -> str:
    phrases = list(phrases)
    if not phrases:
        return "something else"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


#: other keywords offered as "did you mean" when a name is not found
OTHER_WORDS = ("rotation", "rot", "orientation", "token", "city", "slot", "tile", "train",
               "share", "shares", "from", "pool", "market", "ipo", "depot", "via", "neutral",
               "private", "joining", "toward", "trading", "with", "for", "out")


def keyword_suggestion(word: str, terminals: Optional[Iterable[str]] = None, *,
                       others: bool = False) -> Optional[str]:
    """The keyword closest to `word` (move words of `terminals` if given), if close."""
    pool = list(OTHER_WORDS) if others else []
    for name, words in MOVE_WORDS.items():
        if terminals is None or name in terminals:
            pool.extend(w for w in words if " " not in w)
    m = difflib.get_close_matches(word.lower(), pool, n=1, cutoff=0.7)
    return m[0] if m else None


#: how much of the input an error repeats: a reply to a 20,000-character line stays under 1 KB
SHOWN_WIDTH = 100
QUOTE_WIDTH = 60
MESSAGE_WIDTH = 600


def clip(text: str, width: int = QUOTE_WIDTH) -> str:
    """`text`, or its first `width` characters and "…" if it is longer."""
    return text if len(text) <= width else text[:width] + "…"


def clip_message(message: str) -> str:
    """An error message with every long "quote" shortened and each line at most MESSAGE_WIDTH
    characters: what the input repeats back is bounded, however long the input was."""
    lines = []
    for line in message.split("\n"):
        parts = line.split('"')            # odd parts are quoted, pairing the quotes in order
        parts[1::2] = [clip(q) for q in parts[1::2]]
        lines.append(clip('"'.join(parts), MESSAGE_WIDTH))
    return "\n".join(lines)


def caret_block(line_text: str, column: int, length: int = 1) -> str:
    """The line and a caret under columns [column, column+length); of a long line only the
    SHOWN_WIDTH characters around the spot, with "…" where it was cut."""
    shown = line_text.replace("\t", " ").rstrip("\n")
    col = max(1, min(column, len(shown) + 1))
    length = max(1, min(length, len(shown) - col + 1)) if col <= len(shown) else 1
    if len(shown) > SHOWN_WIDTH:
        start = max(0, min(col - 1 - SHOWN_WIDTH // 3, len(shown) - SHOWN_WIDTH))
        head = "…" if start else ""
        tail = "…" if start + SHOWN_WIDTH < len(shown) else ""
        col = col - start + len(head)
        length = max(1, min(length, SHOWN_WIDTH - (col - 1 - len(head))))
        shown = head + shown[start:start + SHOWN_WIDTH] + tail
    return f"    {shown}\n    {' ' * (col - 1)}{'^' * length}"


def notation_error(message: str, *, line_no: int, line_text: str, column: int,
                   text: str = "", expected: Sequence[str] = (), length: int = 0) -> NotationError:
    """A NotationError whose message starts with 'line L, column C:' and shows the spot
    (long quotes of the input shortened: see clip_message)."""
    length = length or max(1, len(text))
    full = f"line {line_no}, column {column}: {clip_message(message)}\n{caret_block(line_text, column, length)}"
    return NotationError(full, text=clip(text or line_text.strip(), MESSAGE_WIDTH), line=line_no, column=column,
                         expected=list(expected))

