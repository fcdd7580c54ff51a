#!/usr/bin/env bash
set -euo pipefail
repo="${1:?usage: purge.sh MIRROR.git --path FILE | --replace-text FILE}"; shift
cd "$repo"
[ "$(git rev-parse --is-bare-repository)" = true ] || { echo "use a --mirror clone"; exit 1; }

case "${1:-}" in
  --path) args=(--invert-paths --path "$2"); echo "commits touching $2:"; git log --oneline --all -- "$2" | head -n 20 ;;
  --replace-text) args=(--replace-text "$2"); echo "replacing expressions listed in $2" ;;
  *) echo "need --path or --replace-text"; exit 2 ;;
esac

name="$(basename "$(git config --get remote.origin.url)" .git)"
read -r -p "Type the repository name ($name) to rewrite its history: " c
[ "$c" = "$name" ] || { echo "cancelled"; exit 1; }
git filter-repo --force "${args[@]}"

read -r -p "Force-push rewritten history to origin? This replaces all branches and tags. [y/N] " p
[ "$p" = "y" ] || { echo "not pushed; mirror left in $repo"; exit 0; }
git push --force --mirror origin
cat <<MSG
Done. Ask every collaborator to:
  1. commit or stash work, 2. delete their clone, 3. re-clone.
Do not merge old branches back; they reintroduce the secret.
MSG
