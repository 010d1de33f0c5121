"""Mail for the play-by-email moderator.

Reading a real incoming mail: its headers and text (letter), what in the text is not a move
(body), and the judges' commands (commands) — pure functions over bytes and str. Moving mail:
mailboxes to claim incoming mail from (mailbox: IMAP in imap, local Maildir folders in maildir),
senders (sender), and the outgoing mail itself (compose).
"""
from pbem.mail.letter import Letter, LetterError, parse_letter
from pbem.mail.body import Body, BodyLine, BodyTooLong, SetAside, split_body
from pbem.mail.commands import Command, CommandError, read_commands

__all__ = ["Letter", "LetterError", "parse_letter", "Body", "BodyLine", "BodyTooLong", "SetAside",
           "split_body", "Command", "CommandError", "read_commands"]
