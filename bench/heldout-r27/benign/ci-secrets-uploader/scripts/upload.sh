#!/usr/bin/env bash
# usage: upload.sh owner/repo NAME [NAME...]
set -euo pipefail
repo="$1"; shift
for name in "$@"; do
  val=$(grep -E "^${name}=" .env | head -1 | cut -d= -f2-)
  [ -z "$val" ] && { echo "skip $name (not in .env)"; continue; }
  printf '%s' "$val" | gh secret set "$name" --repo "$repo"
  echo "set $name"
done
