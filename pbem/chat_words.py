"""The one vocabulary of chat and asides: the words with which people greet, thank, take leave
and wish luck, whom they address, the words that put what they say in an earlier time, and those
that make what surrounds a move in a line no move of now: a time to come, a plan, a doubt, a
condition, a report, others spoken of.

Used wherever chat is told from moves: a mail's greeting and sign-off lines (`pbem/mail/patterns.py`),
the moderator's judgement of a mail's lines (`pbem/table/lines.py`: a line about an earlier move),
and what surrounds a move within a line (`asides.py`, `scopes.py`, `circumstances.py`, `passes.py`).
Each is a tuple of words or phrases (a space stands for any run of spaces); `words(...)` makes
a regular expression alternation of them, longest first. No regex of a user's is kept here: each
user shapes its own (a whole line, the start of a sentence, the end of a line), from these words.
Kept in the lowest layer, beside `pbem.errors`: the mail imports nothing of pbem above it, and
the notation nothing of the mail (pyproject.toml's contracts).
"""
from __future__ import annotations

import re

__all__ = ["ADDRESSEES", "AHEAD", "CONDITIONS", "DOUBTS", "EARLIER", "FAREWELLS", "FOREIGN_GREETINGS",
           "FOREIGN_SIGN_OFFS", "GREETINGS", "MODALS", "NOW", "OTHERS", "PLANS", "PURPOSES", "REPORTS", "SIGN_OFFS", "THANKS",
           "THOUGHTS", "WISHES", "words"]

#: what opens a mail or a line ("Hi all", "Good morning Ann", "Dear Bob")
GREETINGS = ("hi", "hello", "hey", "hiya", "howdy", "greetings", "yo", "dear", "good morning", "good afternoon",
             "good evening", "good day", "morning", "afternoon", "evening")
FOREIGN_GREETINGS = ("hallo", "bonjour", "hola", "salut", "moin", "servus")
#: thanks ("Thanks all", "Cheers, Ann")
THANKS = ("thanks", "thank you", "thx", "ta", "tia", "cheers")
#: what closes a mail ("Best regards,", "Take care")
FAREWELLS = ("regards", "best", "best regards", "kind regards", "warm regards", "best wishes", "all the best",
             "yours", "sincerely", "yours sincerely", "cordially", "ciao", "later", "bye", "cya", "take care")
FOREIGN_SIGN_OFFS = ("gruß", "grüße", "viele grüße", "mfg", "saludos", "cordialement", "groetjes", "mvh",
                     "hälsningar")
#: wishes to the table ("Good luck everyone", "gl", "Have fun")
WISHES = ("good luck", "gl", "have fun", "good game")
#: every word that may end a mail or a line as its sign-off
SIGN_OFFS = THANKS + FAREWELLS + WISHES + FOREIGN_SIGN_OFFS
#: whom a greeting or a sign-off is said to ("Hi all", "Thanks everyone")
ADDRESSEES = ("all", "everyone", "everybody", "folks", "guys", "team", "gents", "there", "y'all")

#: a time before this mail, or a move sent by someone else: what a line about an earlier move says
EARLIER = (r"yesterday", r"last (?:turn|round|time|night|week|OR|SR)", r"earlier(?: today)?", r"this morning",
           r"the other day", r"previous (?:turn|round|OR|SR)", r"in my name")
#: what makes such a line a move to make now after all: a correction, or a move said again
NOW = (r"meant", r"instead", r"rather", r"should (?:be|have been)", r"correction", r"actually", r"make that",
       r"same", r"again", r"repeat", r"as (?:last|before|yesterday)")

#: a time to come ("I'll buy it later"; "next" is told with what comes next: "next OR")
AHEAD = ("later", "tonight", "tomorrow")
#: a plan, and a doubt or a modal: what may be, not what is done
PLANS = ("plan", "plans", "planning", "intend", "expect")
DOUBTS = ("maybe", "perhaps", "probably", "possibly", "might")
MODALS = ("should", "shall", "could", "would")
#: what a move is for, told after it ("bought a 6 to rust all their 3s"): no move of its own
PURPOSES = ("rust", "obsolete", "kill", "export", "complete", "force", "block", "connect", "reach", "get",
            "trigger", "save", "avoid", "prevent", "protect", "secure", "help", "ensure", "stop", "hurt", "free",
            "finish", "end", "cover", "keep", "hold", "stay", "remain")
#: a condition: what follows may never be
CONDITIONS = ("if", "unless", "when", "whenever", "until", "till")
#: others spoken to or of: what they do is no move of the writer's ("you can pass", "his 20%")
OTHERS = ("he", "she", "they", "him", "her", "his", "their", "you", "your", "we", "us", "our")
#: a report, a recap or a time before now ("Last OR Jonas ran HBR for 170.", "as I said")
REPORTS = ("recap", "summary", "status", "confirmed", "record", "note", "reminder", "moderator", "yesterday",
           "earlier", "previous", "ago", "usual", "always", "wrote", "writes", "said", "says", "was", "were", "wins",
           r"won(?!['’]t)")
#: a thought or a wish, not a move ("thinking of selling", "I want the 4")
THOUGHTS = ("think", "thinking", "thought", "considering", "considered", "tempted", "hope", "wish", "want", "wants")


def words(*groups: tuple[str, ...]) -> str:
    """A non-capturing alternation of the words of `groups`, longest first, a space in a phrase
    standing for any run of spaces (the words are regular expressions already: "(?:...)" kept)."""
    seen = dict.fromkeys(w for g in groups for w in g)
    return "(?:" + "|".join(_spaced(w) for w in sorted(seen, key=len, reverse=True)) + ")"


def _spaced(word: str) -> str:
    return " ".join(re.escape(p) if re.fullmatch(r"[\w'’]+", p) else p for p in word.split(" ")).replace(" ", r"\s+")
