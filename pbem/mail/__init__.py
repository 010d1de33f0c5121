"""Reading a real incoming mail: its headers and text (letter), what in the text is not a move (body), the judges' commands (commands).

Pure functions over bytes and str: no network, no files, no engine.
"""
from pbem.mail.letter import Letter, LetterError, parse_letter

__all__ = ["Letter", "LetterError", "parse_letter"]
