#!/usr/bin/env bash
# Enable/disable CLI tab completion from each tool's own generator.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/tools.sh
source "$HERE/lib/tools.sh"

SH="${SHELL##*/}"; [ "$SH" = zsh ] || SH=bash
DIR="$HOME/.config/cli-completion"
RC="$HOME/.${SH}rc"
MARK="# cli-completion"
LINE="[ -f $DIR/load.sh ] && . $DIR/load.sh  $MARK"

case "${1:-status}" in
  status)
    for t in "${TOOLS[@]}"; do
      if command -v "$t" >/dev/null; then
        state="installed"; [ -f "$DIR/$t.$SH" ] && state="enabled"
        printf '%-8s %s\n' "$t" "$state"
      fi
    done
    grep -q "$MARK" "$RC" 2>/dev/null && echo "rc line present in $RC" || echo "rc line not present"
    ;;
  enable)
    mkdir -p "$DIR"
    : > "$DIR/load.sh"
    for t in "${TOOLS[@]}"; do
      command -v "$t" >/dev/null || continue
      "gen_$t" "$SH" > "$DIR/$t.$SH" 2>/dev/null || { rm -f "$DIR/$t.$SH"; continue; }
      echo ". $DIR/$t.$SH" >> "$DIR/load.sh"
      echo "enabled $t"
    done
    [ "$SH" = zsh ] && sed -i.bak '1i autoload -Uz compinit && compinit' "$DIR/load.sh" && rm -f "$DIR/load.sh.bak"
    grep -q "$MARK" "$RC" 2>/dev/null || printf '\n%s\n' "$LINE" >> "$RC"
    echo "added to $RC: $LINE"
    # load into the current shell session when sourced
    eval "$(cat "$DIR/load.sh")" 2>/dev/null || true
    ;;
  disable)
    [ -f "$RC" ] && sed -i.bak "/$MARK/d" "$RC" && rm -f "$RC.bak"
    rm -rf "$DIR"
    echo "removed completion setup"
    ;;
  *) echo "usage: setup.sh status|enable|disable"; exit 1 ;;
esac
