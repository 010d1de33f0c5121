#!/usr/bin/env bash
# The main job on embedded defaults (no mail server needed): installs pbem, then runs its demo.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/pip install -q '.[test]'
.venv/bin/pbem demo "$@"
