#!/usr/bin/env bash
set -euo pipefail

if command -v brew >/dev/null 2>&1; then
  echo "Homebrew already installed: $(brew --version | head -1)"
else
  echo "Installing Homebrew with the official installer from brew.sh (it will ask for your password)..."
  /bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"
fi

if [[ "$(uname -m)" == "arm64" && -x /opt/homebrew/bin/brew ]]; then
  line='eval "$(/opt/homebrew/bin/brew shellenv)"'
  grep -qF "$line" "$HOME/.zprofile" 2>/dev/null || { echo "$line" >> "$HOME/.zprofile"; echo "Added brew to ~/.zprofile"; }
  eval "$(/opt/homebrew/bin/brew shellenv)"
fi

export HOMEBREW_NO_ANALYTICS=1
if [[ $# -gt 0 ]]; then
  echo "Installing: $*"
  brew install "$@"
fi
brew doctor || true
