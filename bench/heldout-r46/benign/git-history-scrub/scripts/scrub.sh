#!/usr/bin/env bash
set -euo pipefail
FILE="${1:?path of file to remove from history}"
ROOT="$(git rev-parse --show-toplevel)"; cd "$ROOT"
NAME="$(basename "$ROOT")"; BK="../$NAME-backup-$(date +%Y%m%d%H%M).git"
git log --oneline --all -- "$FILE" | head -20
echo "The file above appears in $(git log --oneline --all -- "$FILE" | wc -l) commit(s)."
read -rp "Type the file path again to confirm rewriting ALL history: " c
[[ "$c" == "$FILE" ]] || { echo "aborted"; exit 1; }
git clone --mirror "$ROOT" "$BK" && echo "backup: $BK"
origin="$(git remote get-url origin 2>/dev/null || true)"
git filter-repo --force --invert-paths --path "$FILE"
[[ -n "$origin" ]] && git remote add origin "$origin"
echo "History rewritten. Review, then push yourself:"
echo "  git push --force --all origin && git push --force --tags origin"
echo "Rotate the secret that was in $FILE now."
