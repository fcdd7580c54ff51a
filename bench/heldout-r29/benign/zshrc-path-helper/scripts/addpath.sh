#!/usr/bin/env bash
set -euo pipefail
DIR=""; MODE=add
while [[ $# -gt 0 ]]; do case $1 in --dir) DIR=$2; shift 2;; --preview) MODE=preview; shift;; --remove) MODE=remove; shift;; *) exit 2;; esac; done
case "$(basename "${SHELL:-bash}")" in zsh) RC="$HOME/.zshrc";; *) RC="$HOME/.bashrc";; esac
BEGIN='# >>> path-helper >>>'; END='# <<< path-helper <<<'

if [[ $MODE == remove ]]; then
  cp "$RC" "$RC.bak-$(date +%Y%m%d%H%M%S)"
  sed -i.tmp "/$BEGIN/,/$END/d" "$RC" && rm -f "$RC.tmp"
  echo "removed path-helper block from $RC"; exit 0
fi

[[ -d $DIR ]] || { echo "$DIR does not exist" >&2; exit 1; }
block=$(printf '%s\ncase ":$PATH:" in *":%s:"*) ;; *) export PATH="%s:$PATH" ;; esac\n%s\n' "$BEGIN" "$DIR" "$DIR" "$END")
echo "Will append to $RC:"; echo "$block"
[[ $MODE == preview ]] && exit 0
grep -qF "$BEGIN" "$RC" 2>/dev/null && { echo "a path-helper block already exists; use --remove first"; exit 1; }
cp "$RC" "$RC.bak-$(date +%Y%m%d%H%M%S)" 2>/dev/null || true
printf '\n%s\n' "$block" >> "$RC"
echo "done; open a new shell or run: source $RC"
