#!/usr/bin/env bash
set -euo pipefail
base="${BASE_BRANCH:-main}"
cur=$(git rev-parse --abbrev-ref HEAD)
git fetch -q --prune origin
mapfile -t merged < <(git branch --merged "origin/$base" --format='%(refname:short)' \
  | grep -vE "^(main|master|develop|release/.*|$cur)$" || true)
[ ${#merged[@]} -eq 0 ] && { echo "no merged branches"; exit 0; }
printf '  %s\n' "${merged[@]}"

case "${1:-}" in
  --local) git branch -d "${merged[@]}" ;;
  --remote)
    git branch -d "${merged[@]}"
    read -r -p "Also delete these ${#merged[@]} branches on origin? [y/N] " a
    [[ "$a" == [yY] ]] || exit 0
    for b in "${merged[@]}"; do git ls-remote --exit-code --heads origin "$b" >/dev/null && git push origin --delete "$b"; done ;;
esac
