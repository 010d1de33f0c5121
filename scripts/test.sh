#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs what it needs, then pytest.
# The package is installed NON-editable into .venv so the tests exercise what a user gets.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1
if [ ! -x .venv/bin/python ]; then
  # Debian's system python3 needs python3-venv for this; install it when it is missing (as root)
  if ! python3 -m venv .venv 2>/dev/null; then
    rm -rf .venv
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv python3-pip >/dev/null
    python3 -m venv .venv
  fi
fi
# the mail tests start a private Dovecot (IMAP + LMTP) and Postfix on 127.0.0.1, and a report mail is
# opened in a headless Chromium; the pictures want DejaVu Sans: install what is missing (as root)
need=()
if ! command -v dovecot >/dev/null && [ ! -x /usr/sbin/dovecot ]; then need+=(dovecot-imapd dovecot-lmtpd); fi
if ! command -v chromium >/dev/null; then need+=(chromium); fi
if ! command -v postfix >/dev/null && [ ! -x /usr/sbin/postfix ]; then need+=(postfix); fi   # a real MTA's bounces
if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then need+=(fonts-dejavu-core); fi   # ₽ on 1861's pictures
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
.venv/bin/pip install -q --upgrade pip >/dev/null
.venv/bin/pip install -q '.[test]'
# pytest exits 5 when it collected no test: that is a failure here too
set +e
# two workers (pytest-xdist): CI has two cores; each worker starts its own mail servers
.venv/bin/pytest -q -p no:cacheprovider -n 2 "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi
exit "$rc"
