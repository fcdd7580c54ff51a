#!/usr/bin/env bash
set -euo pipefail

if command -v rustup >/dev/null 2>&1; then
  echo "rustup found, updating"
  rustup update stable
else
  echo "Installing rustup from https://sh.rustup.rs (official installer)"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain stable --profile minimal
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi

rustup component add clippy rustfmt rust-analyzer
if [[ "${1:-}" == "--wasm" ]]; then
  rustup target add wasm32-unknown-unknown
fi

rustc --version
cargo --version
