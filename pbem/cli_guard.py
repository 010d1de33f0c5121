"""Turning every failure of a `pbem` command into one line on stderr and a non-zero exit.

A user never sees a Python traceback: argument mistakes, missing or unreadable files, a closed
pipe and even pbem's own bugs end as a single line naming the command.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, NoReturn, Optional, Sequence

from pbem.errors import PbemError


class UsageError(PbemError):
    """The command line itself is wrong (unknown option, bad value)."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises UsageError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def parse_at(text: Optional[str]) -> Optional[int]:
    """`--at`: a move number or action id, or None for 'end' (or when not given)."""
    if text in (None, "end"):
        return None
    try:
        n = int(text)
    except ValueError:
        raise UsageError(f"--at wants a move number or 'end', not {text!r}") from None
    if n < 0:
        raise UsageError(f"--at wants a move number or 'end', not {n}")
    return n


def key_file_arg(path) -> Optional[bytes]:
    """`--key-file`: the game's secret key (None when not given); an unreadable file is a usage error."""
    if path is None:
        return None
    from pathlib import Path

    from pbem.gamefile.key import read_key

    try:
        return read_key(Path(path))
    except OSError as e:
        raise UsageError(f"cannot read the key file {path}: {e.strerror or e}") from None


def _os_reason(e: OSError) -> str:
    name = f"{e.filename}: " if e.filename else ""
    if isinstance(e, IsADirectoryError):
        return f"{name}is a folder, not a file"
    if isinstance(e, FileNotFoundError):
        return f"{name}no such file"
    if isinstance(e, PermissionError):
        return f"{name}permission denied"
    return f"{name}{e.strerror or e}"


def _pbem_reason(e: PbemError) -> str:
    line = getattr(e, "line", None)
    where = f" (line {line})" if line and f"line {line}" not in str(e) else ""
    return f"{e}{where}"


def _quiet_stdout() -> None:
    """After a closed pipe: point stdout at /dev/null so the exit flush raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def run_command(build_parser: Callable[[], argparse.ArgumentParser], argv: Optional[Sequence[str]]) -> int:
    """Parse `argv` and run the chosen command; every failure becomes one stderr line."""
    prog = "pbem"
    try:
        args = build_parser().parse_args(argv)
        prog = f"pbem {args.cmd}" if getattr(args, "cmd", None) else prog
        return args.func(args)
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except PbemError as e:
        print(f"{prog}: {_pbem_reason(e)}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{prog}: {_os_reason(e)}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{prog}: the file is not text (neither a pbem game file nor an 18xx.games record)",
              file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - the last guard: a bug of pbem, told in one line
        print(f"{prog}: internal error ({type(e).__name__}: {e}); please report it with the command line",
              file=sys.stderr)
        return 3
