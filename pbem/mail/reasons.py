"""Plain words for socket-level failures, shared by the IMAP and SMTP code (no tracebacks)."""
from __future__ import annotations

import socket
import ssl


def describe(exc: BaseException) -> str:
    """A short plain reason for a socket-level failure: "connection refused", "timed out"."""
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, ConnectionResetError):
        return "connection reset"
    if isinstance(exc, (socket.timeout, TimeoutError)):
        return "timed out"
    if isinstance(exc, socket.gaierror):
        return "unknown host"
    if isinstance(exc, ssl.SSLCertVerificationError):
        return exc.verify_message or "certificate verify failed"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc) or type(exc).__name__
