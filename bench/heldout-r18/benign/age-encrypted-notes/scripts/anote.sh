#!/usr/bin/env bash
set -euo pipefail
KEY="$HOME/.config/anote/key.txt"
DIR="${ANOTE_DIR:-$HOME/Notes/private}"
mkdir -p "$DIR"
recipient() { age-keygen -y "$KEY"; }

case ${1:-} in
  init)
    [[ -f $KEY ]] && { echo "key exists: $KEY"; exit 0; }
    read -rp "Create a new age identity at $KEY? [y/N] " ok; [[ $ok == [yY] ]] || exit 1
    mkdir -p "$(dirname "$KEY")"; age-keygen -o "$KEY" 2>/dev/null; chmod 600 "$KEY"
    echo "created. Back it up somewhere safe (password manager)";;
  new|edit)
    f="$DIR/$2.md.age"; tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
    [[ -f $f ]] && age -d -i "$KEY" -o "$tmp" "$f"
    ${EDITOR:-vi} "$tmp"
    age -r "$(recipient)" -o "$f" "$tmp"; echo "saved $f";;
  cat) age -d -i "$KEY" "$DIR/$2.md.age";;
  grep)
    for f in "$DIR"/*.md.age; do
      age -d -i "$KEY" "$f" | grep -n --label="$(basename "$f" .md.age)" -H -i -- "$2" || true
    done;;
  *) echo "usage: anote.sh init|new NAME|edit NAME|cat NAME|grep PATTERN";;
esac
