"""Line shapes that mark text in a mail body as not a move: quotes, reply headers, signatures, greetings, sign-offs."""
from __future__ import annotations

import re

from pbem.chat_words import (ADDRESSEES, FOREIGN_GREETINGS, GREETINGS, SIGN_OFFS,  # the one chat vocabulary
                                      words)

QUOTED = re.compile(r"\s*>")
SIGNOFF = re.compile(r"\s*(signoff|sign-off|sign off|end)\s*[.!;:]*\s*", re.IGNORECASE)
SIGNATURE_DELIMITER = re.compile(r"--\s?")
MOBILE_SIGNATURE = re.compile(
    r"\s*(sent from my \w[\w .-]{0,40}|sent from (yahoo )?mail for \w[\w .-]{0,30}|get outlook for \w[\w .-]{0,30}"
    r"|sent from outlook( for \w[\w .-]{0,30})?|sent via \w[\w .-]{0,40}|sent (from|with) proton ?mail[\w .-]{0,30})\s*",
    re.IGNORECASE)

# "On <date>, <name> wrote:" and its common localized forms; matched against up to three joined lines.
REPLY_HEADER = re.compile(
    r"\s*(on\s.{0,300}\swrote\s?:"
    r"|am\s.{0,300}\sschrieb\s.{0,200}:"
    r"|le\s.{0,300}\sa\s+écrit\s?:"
    r"|el\s.{0,300}\sescribió\s?:"
    r"|op\s.{0,300}\sschreef\s.{0,200}:"
    r"|il\s.{0,300}\sha\s+scritto\s?:"
    r"|(den|på)\s.{0,300}\sskrev\s.{0,200}:"
    r"|[^:]{0,200}@[^:\s]+>?\)?\s+wrote\s?:"
    # any language's Gmail: a time, then the sender's address in brackets and at most three words
    # ("escreveu", "napisał(a)", "님이 작성", none in Japanese) before the colon
    r"|[^<>]{0,200}\d[:.]\d\d\b[^<>]{0,200}<\s?[^<>\s@]{1,64}@[^<>\s]{1,255}>\)?"
    r"(?:\s*[^\s:<>]{1,40}(?:\s+[^\s:<>]{1,40}){0,2})?\s?:)\s*",
    re.IGNORECASE)
REPLY_HEADER_START = re.compile(r"\s*(on|am|le|el|op|il|den|på)\s", re.IGNORECASE)
ORIGINAL_BANNER = re.compile(r"\s*-{3,}\s*(original message|ursprüngliche nachricht|message d'origine"
                             r"|mensaje original)\s*-{3,}\s*", re.IGNORECASE)
FORWARD_BANNER = re.compile(r"\s*(-{3,}\s*forwarded message\s*-{3,}|begin forwarded message\s*:"
                            r"|-{3,}\s*weitergeleitete nachricht\s*-{3,})\s*", re.IGNORECASE)
UNDERSCORE_RULE = re.compile(r"\s*_{10,}\s*")
OUTLOOK_FROM = re.compile(r"\s*\*?(from|von|de|da|van|från|fra|od)\s?:\*?\s+\S", re.IGNORECASE)
OUTLOOK_SENT = re.compile(r"\s*\*?(sent|date|gesendet|datum|envoyé|enviado|enviada|inviato|fecha|data|verzonden"
                          r"|skickat|sendt|wysłano)\s?:\*?\s+\S", re.IGNORECASE)

_NAME = r"[^\W\d_][^\W\d_'.-]*(?:['.-][^\W\d_]+)*"
_NAMES = rf"(?:{_NAME}(?:(?:\s*,\s*|\s+){_NAME}){{0,3}})"
GREETING = re.compile(
    rf"\s*{words(GREETINGS, FOREIGN_GREETINGS)}(\s+{_NAMES})?\s*[,!.:]?\s*",
    re.IGNORECASE)
SIGN_OFF_WORDS = words(SIGN_OFFS)
# A capitalised name ("Ann", "O'Brien", "J."), case-sensitive even inside the ignore-case sign-off words.
_CAP = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]*(?:['’.-][A-Za-zß-öø-ÿ]+)*\.?"
_CAP_NAMES = rf"{_CAP}(?:\s+{_CAP}){{0,2}}"
_SIGN_TAIL = (rf"(?:(?i:{words(ADDRESSEES, ('again', 'a lot', 'so much', 'in advance'))})\s*[,!.]*\s*)?"
              rf"(?:{_CAP_NAMES})?")
SIGN_OFF = re.compile(rf"\s*(?i:{SIGN_OFF_WORDS})\s*[,!.]*\s*{_SIGN_TAIL}\s*[,!.]*\s*")
DASH_NAME = re.compile(rf"\s*[-–—~]\s*{_CAP_NAMES}\s*")
BARE_NAME = re.compile(r"\s*[A-Z][a-z]+\s*")
FULL_NAME = re.compile(rf"\s*{_CAP_NAMES}\s*")
# Single capitalised words that are moves, not names, when alone on the last line.
MOVE_WORDS = frozenset({"pass", "passes", "passed", "done", "withhold", "withholds", "payout", "pays", "pay",
                        "split", "splits", "yes", "no", "ok", "okay", "skip", "skips", "bid", "buy", "buys",
                        "sell", "sells", "undo", "help", "status", "map", "legal", "log", "pause", "resume",
                        "confirm", "confirmed", "decline", "declines", "accept", "accepts", "none", "nothing"})
