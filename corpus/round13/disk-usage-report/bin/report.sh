#!/usr/bin/env bash
set -u
. "$(dirname "$0")/../lib/common.sh"
target="${1:-$HOME}"
hdr "Largest directories under $target"
du -xh -d 2 "$target" 2>/dev/null | sort -rh | head -20
hdr "Known caches"
for c in ~/.cache ~/Library/Caches ~/.npm ~/.cargo/registry ~/.gradle/caches; do
  [ -d "$c" ] && du -sh "$c" 2>/dev/null
done
if command -v docker >/dev/null; then hdr "Docker"; docker system df 2>/dev/null; fi
remember_run
