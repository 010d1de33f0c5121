"""Shared test fixtures: the 1882 title data and tile catalogue, loaded once."""
import json
from pathlib import Path

import pytest

from pbem.engine.tiles import load_catalogue
from pbem.titles.registry import data_path, tiles_path


@pytest.fixture(scope="session")
def title():
    """(1882 title data, tile catalogue) as plain JSON and TileDefs."""
    d = json.loads(data_path("1882").read_text())
    t = json.loads(tiles_path().read_text())
    return d, load_catalogue(d, t)


@pytest.fixture(scope="session")
def mail_stack():
    """Real Dovecot (IMAP/IMAPS/LMTP) and SMTP servers on 127.0.0.1, shared by the session.

    Fails (never skips) when dovecot is not installed: the mail tests need the real servers.
    The root is a fresh /tmp/pbem-mailstack-* directory, not a tmp_path_factory one: any other pytest
    run on the machine chmods /tmp/pytest-of-<user> back to 0700, which locks Dovecot out.
    """
    import shutil
    import tempfile

    from mailstack import MailStack

    root = Path(tempfile.mkdtemp(prefix="pbem-mailstack-"))
    stack = MailStack(root)
    try:
        stack.started_in = stack.start()
        yield stack
    finally:
        stack.stop()
        shutil.rmtree(root)


@pytest.fixture
def mail(mail_stack):
    """The session's mail servers with every user's folders emptied and SMTP accepting again."""
    mail_stack.smtp_refuse(False)
    if mail_stack.proc is None:          # a failed test may have left a server down
        mail_stack.start_dovecot()
    if mail_stack.controller is None:
        mail_stack.start_smtp()
    mail_stack.clear()
    return mail_stack


# The moderator's key (docs/game-file.md): tests and the pbem processes they start use a key
# file of their own, never the real ~/.config/pbem/key of whoever runs the suite.
import os as _os
import tempfile as _tempfile

_os.environ["PBEM_KEY_FILE"] = _os.path.join(_tempfile.mkdtemp(prefix="pbem-test-key-"), "key")
# ... and a state cache of their own (pbem/replay/state_cache.py), never the real ~/.cache/pbem
_os.environ["PBEM_STATE_CACHE"] = _tempfile.mkdtemp(prefix="pbem-test-states-")


@pytest.fixture
def no_key(tmp_path, monkeypatch):
    """No moderator key anywhere (PBEM_KEY_FILE names a missing file): unsealed game files
    (format versions 1 and 2) are then read and written by the moderator, there being nothing
    to check a seal against; once a key exists they are refused until `pbem seal`."""
    path = tmp_path / "no-key" / "key"
    monkeypatch.setenv("PBEM_KEY_FILE", str(path))
    return path


