#!/usr/bin/env bash
set -euo pipefail
DRY=0; RC=0
while [[ "${1:-}" == --* ]]; do case "$1" in --dry-run) DRY=1;; --rc) RC=1;; esac; shift; done
src="${1:?dotfiles dir}"; bak="$HOME/.dotfiles-backup/$(date +%Y%m%d-%H%M%S)"
for f in "$src"/home/.[!.]* "$src"/home/*; do
  [[ -e "$f" ]] || continue
  t="$HOME/$(basename "$f")"
  if [[ -e "$t" && ! -L "$t" ]]; then
    echo "backup $t -> $bak/"; (( DRY )) || { mkdir -p "$bak"; mv "$t" "$bak/"; }
  fi
  echo "link $t -> $f"; (( DRY )) || ln -sfn "$f" "$t"
done
line="[ -f \"$src/shell/init.sh\" ] && source \"$src/shell/init.sh\""
rc="$HOME/.zshrc"; [[ "${SHELL:-}" == */bash ]] && rc="$HOME/.bashrc"
if (( RC && !DRY )); then
  grep -qF "$src/shell/init.sh" "$rc" 2>/dev/null || echo "$line" >> "$rc"
  echo "added to $rc: $line"
else
  echo "rc line (not added; re-run with --rc after the user agrees): $line"
fi
