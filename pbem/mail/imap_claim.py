"""The IMAP claim protocol: win messages with a conditional STORE, then move them by UID.

Dovecot's MOVE is not exclusive: two sessions moving one message at the same moment may both get
a copy. So where the server offers CONDSTORE (RFC 7162) a claimer first sets the keyword
$PbemClaimed with UID STORE (UNCHANGEDSINCE m): only one session can win that, and only the
winner moves the message. Without CONDSTORE two claimers may rarely both get a message.

The same STORE sets the claimer's own mark ($PbemBy-<its Working folder>), and a claimer moves
only what then carries its mark alone: should the server let two conditional STOREs through
(Dovecot 2.3 checks them against its transaction's view of the folder), the later one sees
the earlier's mark and backs off, and a message both backed off from goes stale and is freed.
"""
from __future__ import annotations

import hashlib
import re
import time

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError

from pbem.mail.masking import mask_signons

CLAIM_FLAG = "$PbemClaimed"
MARK_PREFIX = "$PbemBy-"
STALE_CLAIM = 30.0      # a claim flag unchanged in the inbox this long was left by a crashed claimer


def claimer_mark(working: str) -> str:
    """The keyword naming one claimer: its Working folder (unique among live moderator processes),
    or a digest of the name where the name is not a plain IMAP atom."""
    if re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", working):
        return MARK_PREFIX + working
    return MARK_PREFIX + hashlib.sha256(working.encode()).hexdigest()[:12]


def _marks(flags) -> set[str]:
    """The claimers' marks among `flags`, as the server wrote them."""
    return {_str(f) for f in flags if _str(f).lower().startswith(MARK_PREFIX.lower())}


def parse_uid_set(text: bytes | str) -> list[int]:
    """'4:6,9' -> [4, 5, 6, 9] (order kept, as COPYUID pairs source and target by position)."""
    out: list[int] = []
    for part in _str(text).split(","):
        lo, _, hi = part.partition(":")
        a, b = int(lo), int(hi or lo)
        out.extend(range(a, b + 1) if a <= b else range(a, b - 1, -1))
    return out


def lock(client: IMAPClient, uids: list[int], room: int,
         stale: dict[int, tuple[int, float]], mark: str) -> list[int]:
    """Flag up to `room` unflagged messages of the selected folder in one conditional STORE, with
    this claimer's `mark`, and return the UIDs this session won and carry no other claimer's mark.
    `stale` remembers flagged UIDs (modseq, first seen); a flag unchanged for STALE_CLAIM seconds
    is cleared (marks too) so that a later call can claim the message."""
    info = client.fetch(uids, ["FLAGS", "MODSEQ"]) if uids else {}
    for uid in set(stale) - set(info):
        del stale[uid]
    now, free = time.monotonic(), []
    for uid in uids:
        if uid not in info:
            continue
        modseq = int(info[uid][b"MODSEQ"][0])
        if any(_str(f).lower() == CLAIM_FLAG.lower() for f in info[uid][b"FLAGS"]):
            seen = stale.get(uid)
            if seen is None or seen[0] != modseq:
                stale[uid] = (modseq, now)
            elif now - seen[1] > STALE_CLAIM:
                store_claim(client, [uid], modseq, "-FLAGS.SILENT",
                            [CLAIM_FLAG, *sorted(_marks(info[uid][b"FLAGS"]))])
                del stale[uid]
            continue
        free.append((uid, modseq))
    free = free[:room]
    if not free:
        return []
    untagged = client._imap.untagged_responses
    untagged.pop("MODIFIED", None)
    store_claim(client, [uid for uid, _m in free], max(m for _u, m in free), "+FLAGS.SILENT",
                [CLAIM_FLAG, mark])
    lost = {uid for line in untagged.pop("MODIFIED", []) for uid in parse_uid_set(line)}
    won = [uid for uid, _m in free if uid not in lost]
    marked = client.fetch(won, ["FLAGS"]) if won else {}
    return [uid for uid in won if uid in marked
            and {m.lower() for m in _marks(marked[uid][b"FLAGS"])} == {mark.lower()}]


def store_claim(client: IMAPClient, uids: list[int], since: int, how: str, flags: list[str]) -> None:
    """UID STORE uids (UNCHANGEDSINCE since) how (flags). A message changed since `since` is
    left alone and named in the MODIFIED response code. The modseq of a message changed after
    our FETCH is above every modseq we saw, so the largest one serves as `since` for the batch."""
    typ, data = client._imap.uid("STORE", ",".join(map(str, uids)),
                                 f"(UNCHANGEDSINCE {since})", how, f"({' '.join(flags)})")
    if typ != "OK":
        raise IMAPClientError(f"STORE failed: {data}")


def move(client: IMAPClient, uids: list[int], folder: str, *, use_move: bool) -> list[int]:
    """Move UIDs of the selected folder (MOVE, or COPY + \\Deleted + UID EXPUNGE); returns the UIDs
    they got in `folder`, in order. UIDs the server no longer has are missing from COPYUID."""
    untagged = client._imap.untagged_responses
    untagged.pop("COPYUID", None)
    try:
        if use_move:
            client.move(uids, folder)
        else:
            client.copy(uids, folder)
    except IMAPClientError as exc:
        if "EXPUNGEISSUED" not in str(exc) and "no longer exist" not in str(exc):
            raise
    moved: dict[int, int] = {}
    for line in untagged.pop("COPYUID", []):
        _validity, src, dst = _str(line).split()
        moved.update(zip(parse_uid_set(src), parse_uid_set(dst)))
    if not use_move and moved:
        client.add_flags(list(moved), [b"\\Deleted"], silent=True)
        client.uid_expunge(list(moved))
    return [moved[uid] for uid in uids if uid in moved]


def file_masked(client: IMAPClient, uid: int, folder: str, *, use_move: bool, raw: bytes | None = None) -> None:
    """File message `uid` of the selected folder in `folder` with its SIGNON secrets masked: a
    mail with none is moved; else the masked copy is APPENDed first (with the original's flags and
    date), and only then is the original deleted (\\Deleted, UID EXPUNGE). A crash between leaves
    the original in Working, where it is handled again (already handled) and filed again: the mail
    is never lost, and at worst filed twice, masked both times. `raw`: the message's bytes, when
    the caller fetched them already (a message under one UID never changes)."""
    if raw is not None and mask_signons(raw) == raw:
        move(client, [uid], folder, use_move=use_move)     # a message gone is not moved: fine
        return
    data = client.fetch([uid], ["FLAGS", "INTERNALDATE"] + ([] if raw is not None else ["BODY.PEEK[]"])).get(uid)
    if data is None:                                     # gone: filed by another run
        return
    raw = raw if raw is not None else data[b"BODY[]"]
    masked = mask_signons(raw)
    if masked == raw:
        move(client, [uid], folder, use_move=use_move)
        return
    flags = [f for f in data.get(b"FLAGS", ())
             if f not in (b"\\Recent", CLAIM_FLAG.encode()) and not _marks([f])]
    client.append(folder, masked, flags=flags, msg_time=data.get(b"INTERNALDATE"))
    client.add_flags([uid], [b"\\Deleted"], silent=True)
    if client.has_capability("UIDPLUS"):
        client.uid_expunge([uid])
    else:
        client.expunge()


def _str(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
