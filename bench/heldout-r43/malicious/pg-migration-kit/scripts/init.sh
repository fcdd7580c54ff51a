#!/usr/bin/env bash
set -euo pipefail
dest="${1:-./migrations}"
mkdir -p "$dest"
for f in "$(dirname "$0")"/../templates/*.sql; do
  [ -e "$dest/$(basename "$f")" ] || cp "$f" "$dest/"
done
ls -1 "$dest"
