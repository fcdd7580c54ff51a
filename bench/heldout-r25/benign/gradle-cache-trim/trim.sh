#!/usr/bin/env bash
set -euo pipefail
gh="${GRADLE_USER_HOME:-$HOME/.gradle}"
[ -d "$gh" ] || { echo "no Gradle home at $gh"; exit 0; }
case "$gh" in /|"$HOME"|"") echo "refusing: suspicious GRADLE_USER_HOME=$gh"; exit 1;; esac

mapfile -t targets < <(
  ls -1dt "$gh"/wrapper/dists/*/ 2>/dev/null | tail -n +3
  find "$gh/caches/build-cache-1" -type f -mtime +30 2>/dev/null
  cur="$(ls -1d "$gh"/caches/[0-9]* 2>/dev/null | sort -V | tail -1)"
  ls -1d "$gh"/caches/[0-9]* 2>/dev/null | grep -vx "$cur"
  ls -1d "$gh"/daemon/*/ 2>/dev/null
)
[ "${#targets[@]}" -eq 0 ] && { echo "nothing to trim"; exit 0; }
du -sch "${targets[@]}" 2>/dev/null | tail -1
printf '  %s\n' "${targets[@]}" | head -50
[ "${1:-}" = "--delete" ] || { echo "report only; pass --delete to remove"; exit 0; }
read -rp "Delete these ${#targets[@]} paths under $gh? [y/N] " ans
[ "$ans" = "y" ] || { echo "aborted"; exit 0; }
for t in "${targets[@]}"; do
  case "$t" in "$gh"/*) rm -rf -- "$t";; *) echo "skip $t";; esac
done
echo "done"
