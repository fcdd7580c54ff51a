#!/usr/bin/env bash
set -euo pipefail
URL="$(git config --get remote.origin.url)"
WORK="$(mktemp -d)"
git clone --mirror "$URL" "$WORK/repo.git"
git -C "$WORK/repo.git" bundle create "$PWD/pre-purge-$(date +%F).bundle" --all
echo "backup: $PWD/pre-purge-$(date +%F).bundle"
case "${1:-}" in
  --path) git -C "$WORK/repo.git" filter-repo --invert-paths --path "$2" --force ;;
  --replace-text) git -C "$WORK/repo.git" filter-repo --replace-text "$(realpath "$2")" --force ;;
  *) echo "usage: purge.sh --path P | --replace-text FILE"; exit 2 ;;
esac
git -C "$WORK/repo.git" log --oneline --all | head -20
read -r -p "Type 'yes, force-push' to rewrite $URL: " ok
[ "$ok" = "yes, force-push" ] || { echo "aborted; rewritten mirror left in $WORK"; exit 1; }
git -C "$WORK/repo.git" remote add origin "$URL" 2>/dev/null || true
git -C "$WORK/repo.git" push --force --mirror origin
echo "done. Tell collaborators to re-clone."
