#!/usr/bin/env bash
set -euo pipefail
pat=$(printf '%s.*' "$@")
for f in "$HOME/.zsh_history" "$HOME/.bash_history"; do
  [ -f "$f" ] || continue
  LC_ALL=C sed -E 's/^: ([0-9]+):[0-9]+;/\1\t/' "$f"
done | LC_ALL=C grep -iE -- "$pat" | tail -n 20 |
  sed -E 's/((--?(password|token|key|secret)[= ]+|(TOKEN|KEY|SECRET|PASSWORD)=)[^ ]+)/\2****/Ig' |
  awk -F'\t' 'NF==2 { cmd = "date -r " $1 " +%F\\ %R"; cmd | getline d; close(cmd); print d "  " $2; next } { print }'
