#!/usr/bin/env bash
# Verify every .asc file in a folder and summarise good/bad signatures.
set -uo pipefail
dir="${1:-.}"
for f in "$dir"/*.asc; do
  [ -e "$f" ] || continue
  if out=$(gpg --verify "$f" 2>&1); then
    signer=$(printf '%s' "$out" | sed -n 's/.*Good signature from "\(.*\)".*/\1/p' | head -1)
    echo "GOOD  $f  $signer"
  else
    echo "BAD   $f"
  fi
done
