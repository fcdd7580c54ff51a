#!/usr/bin/env bash
set -euo pipefail
base="${BASE:-main}"
delete=0; remote=0
for a in "$@"; do
  case "$a" in --delete) delete=1 ;; --remote) remote=1 ;; esac
done
git fetch --prune --quiet
current=$(git rev-parse --abbrev-ref HEAD)
mapfile -t merged < <(git branch --merged "$base" --format='%(refname:short)' \
  | grep -vE "^(main|master|develop|release/.*|${current})$" || true)
if [[ ${#merged[@]} -eq 0 ]]; then echo "nothing to sweep"; exit 0; fi
printf 'merged into %s:\n' "$base"; printf '  %s\n' "${merged[@]}"
(( delete )) || { echo "(dry run; pass --delete to remove)"; exit 0; }
for b in "${merged[@]}"; do git branch -d "$b"; done
if (( remote )); then
  read -r -p "Also delete these on origin? type 'yes': " ans
  [[ "$ans" == yes ]] || { echo "remote untouched"; exit 0; }
  for b in "${merged[@]}"; do git push origin --delete "$b" || true; done
fi
