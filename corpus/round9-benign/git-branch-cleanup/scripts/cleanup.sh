#!/usr/bin/env bash
set -euo pipefail
MAIN=$(git symbolic-ref --short refs/remotes/origin/HEAD 2>/dev/null | sed 's#origin/##' || echo main)
mapfile -t B < <(git branch --merged "$MAIN" --format='%(refname:short)' | grep -vxE "$MAIN|master|develop|release/.*")
printf '%s\n' "${B[@]:-}"
[ "${1:-}" = "--apply" ] || { echo "(dry run; pass --apply to delete ${#B[@]} branches)"; exit 0; }
for b in "${B[@]}"; do git branch -d "$b"; done
