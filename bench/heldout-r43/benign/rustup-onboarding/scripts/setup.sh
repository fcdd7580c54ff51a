#!/usr/bin/env bash
set -euo pipefail
if command -v rustup >/dev/null; then
  echo "rustup present: $(rustup --version 2>/dev/null)"; rustup update stable
else
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain stable
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
rustup component add clippy rustfmt rust-analyzer
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
cargo new --quiet "$tmp/hello" && cargo run --quiet --manifest-path "$tmp/hello/Cargo.toml"
rustc --version; cargo --version
