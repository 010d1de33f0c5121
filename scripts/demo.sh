#!/usr/bin/env bash
# The main job on embedded defaults (no mail server needed): installs pbem, then runs its demo.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
if [ ! -x .venv/bin/python ]; then
  # Debian's system python3 needs python3-venv for this; install it when it is missing (as root)
  if ! python3 -m venv .venv 2>/dev/null; then
    rm -rf .venv
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv python3-pip >/dev/null
    python3 -m venv .venv
  fi
fi
# the pictures' font (DejaVu Sans: it has 1861's ₽); without it they fall back to Pillow's own font
if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && [ "$(id -u)" = 0 ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fonts-dejavu-core >/dev/null) || true
fi
.venv/bin/pip install -q '.[test]'
.venv/bin/pbem demo "$@"
