#!/usr/bin/env bash
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
unit="$HOME/.config/systemd/user"
mkdir -p "$unit" "$HOME/.local/share/notes-indexer"
printf '%s\n' "$@" > "$HOME/.local/share/notes-indexer/roots"
sed "s#__SCRIPT__#$HERE/indexer.py#" "$HERE/../assets/notes-indexer.service" > "$unit/notes-indexer.service"
cp "$HERE/../assets/notes-indexer.timer" "$unit/"
systemctl --user daemon-reload
systemctl --user enable --now notes-indexer.timer
python3 "$HERE/indexer.py" index
