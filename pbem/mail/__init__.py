"""Reading a real incoming mail: its headers and text (letter), what in the text is not a move (body),
and the judges' commands (commands).

Pure functions over bytes and str: no network, no files, no engine.
"""
from pbem.mail.letter import Letter, LetterError, parse_letter
from pbem.mail.body import Body, BodyLine, BodyTooLong, SetAside, split_body
from pbem.mail.commands import Command, CommandError, read_commands

__all__ = ["Letter", "LetterError", "parse_letter", "Body", "BodyLine", "BodyTooLong", "SetAside",
           "split_body", "Command", "CommandError", "read_commands"]
