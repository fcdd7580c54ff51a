#!/usr/bin/env bash
set -euo pipefail
BREWFILE=${1:-Brewfile}

if ! command -v brew >/dev/null 2>&1; then
  echo "Homebrew not found; running the official installer from https://brew.sh"
  /bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"
  if [ -x /opt/homebrew/bin/brew ]; then eval "$(/opt/homebrew/bin/brew shellenv)"; fi
  if [ -x /home/linuxbrew/.linuxbrew/bin/brew ]; then eval "$(/home/linuxbrew/.linuxbrew/bin/brew shellenv)"; fi
fi

brew --version
[ -f "$BREWFILE" ] || { echo "no $BREWFILE found"; exit 1; }
brew bundle check --file "$BREWFILE" || brew bundle install --file "$BREWFILE" --no-upgrade
