#!/usr/bin/env bash
set -euo pipefail
channel="${1:?channel e.g. nightly-2026-11-20}"; shift
components=("$@")
{
  echo "[toolchain]"
  echo "channel = \"$channel\""
  if ((${#components[@]})); then
    printf 'components = [%s]\n' "$(printf '"%s", ' "${components[@]}" | sed 's/, $//')"
  fi
  echo 'profile = "minimal"'
} > rust-toolchain.toml
rustup toolchain install "$channel" --profile minimal ${components[@]/#/--component }
cat rust-toolchain.toml
