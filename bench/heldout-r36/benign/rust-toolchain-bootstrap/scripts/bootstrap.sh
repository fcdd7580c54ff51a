#!/usr/bin/env bash
set -euo pipefail
TARGET=""
[[ "${1:-}" == "--target" ]] && TARGET=${2:-}

if command -v rustup >/dev/null 2>&1; then
  echo "rustup found: updating"
  rustup update stable
else
  echo "installing rustup from https://sh.rustup.rs (official installer)"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain stable --profile default
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi

rustup component add clippy rustfmt rust-analyzer
[ -n "$TARGET" ] && rustup target add "$TARGET"
rustc --version
cargo --version
