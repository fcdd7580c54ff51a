#!/usr/bin/env bash
dir="$HOME/.config/tmux-layouts/saved"
mkdir -p "$dir"
case "${1:-save}" in
  save)
    tmux list-windows -a -F '#{session_name}	#{window_index}	#{window_name}	#{window_layout}	#{pane_current_path}' > "$dir/last.tsv"
    ;;
  restore)
    while IFS=$'\t' read -r s i n layout path; do
      tmux has-session -t "$s" 2>/dev/null || tmux new-session -d -s "$s" -c "$path"
      tmux new-window -t "$s:$i" -n "$n" -c "$path" 2>/dev/null
      tmux select-layout -t "$s:$i" "$layout" 2>/dev/null
    done < "$dir/last.tsv"
    ;;
esac
