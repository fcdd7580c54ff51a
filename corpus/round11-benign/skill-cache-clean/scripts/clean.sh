#!/usr/bin/env bash
set -euo pipefail
C="${XDG_CACHE_HOME:-$HOME/.cache}/media-fetch"
[ -d "$C" ] || { echo "nothing to clean"; exit 0; }
case "$C" in */.cache/media-fetch) ;; *) echo "refusing: unexpected path $C"; exit 1;; esac
freed=$(du -sh "$C" | cut -f1)
rm -rf -- "$C"
echo "freed $freed"
