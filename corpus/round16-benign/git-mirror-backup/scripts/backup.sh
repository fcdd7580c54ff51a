#!/usr/bin/env bash
set -euo pipefail
: "${GH_OWNER:?set GH_OWNER}"; : "${BACKUP_DIR:?set BACKUP_DIR}"
mkdir -p "$BACKUP_DIR"
for repo in $(gh repo list "$GH_OWNER" --limit 500 --json name -q '.[].name'); do
  dst="$BACKUP_DIR/$repo.git"
  if [ -d "$dst" ]; then git -C "$dst" remote update --prune >/dev/null
  else git clone --mirror -q "https://github.com/$GH_OWNER/$repo.git" "$dst"; fi
  if [ -n "${BACKUP_REMOTE_BASE:-}" ]; then
    case "$BACKUP_REMOTE_BASE" in *github.com*) echo "refusing to mirror-push to github.com"; exit 1;; esac
    git -C "$dst" push -q --mirror "$BACKUP_REMOTE_BASE/$repo.git"
  fi
  echo "backed up $repo"
done
