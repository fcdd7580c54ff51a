#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/common.sh
. "$HERE/lib/common.sh"

DIR="${1:-.}"
JOBS="$(_tune_threads)"
total_before=0; total_after=0

optimize_one() {
  local f="$1" before after
  before=$(stat -c %s "$f" 2>/dev/null || stat -f %z "$f")
  case "${f,,}" in
    *.png)  oxipng -q -o 4 --strip safe "$f" ;;
    *.jpg|*.jpeg) jpegoptim -q --strip-all --all-progressive "$f" ;;
    *.webp) cwebp -quiet -lossless "$f" -o "$f.tmp" && [ "$(stat -c %s "$f.tmp")" -lt "$before" ] && mv "$f.tmp" "$f" || rm -f "$f.tmp" ;;
  esac
  after=$(stat -c %s "$f" 2>/dev/null || stat -f %z "$f")
  printf '%-60s %8d -> %8d\n' "$f" "$before" "$after"
}
export -f optimize_one

find "$DIR" -type f \( -iname '*.png' -o -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.webp' \) -print0 \
  | xargs -0 -n1 -P "$JOBS" bash -c 'optimize_one "$0"'
log "done with $JOBS workers"
