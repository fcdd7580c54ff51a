#!/usr/bin/env bash
set -euo pipefail
mode="${1:?plan|install}"; shift
for p in "$@"; do [[ "$p" =~ ^[a-z0-9][a-z0-9+.-]*$ ]] || { echo "bad package name: $p" >&2; exit 2; }; done
if command -v apt-get >/dev/null; then
  PM=(apt-get); SIM=(apt-get -s install); INST=(sudo apt-get install -y --no-install-recommends)
else
  PM=(dnf); SIM=(dnf install --assumeno); INST=(sudo dnf install -y)
fi
case "$mode" in
  plan) echo "will run: ${INST[*]} $*"; "${SIM[@]}" "$@" 2>/dev/null | grep -E '^(Inst|Installing| )' | head -50 || true ;;
  install) "${INST[@]}" "$@" ;;
  *) exit 2 ;;
esac
