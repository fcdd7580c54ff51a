#!/usr/bin/env bash
out="$HOME/.local/share/tmux-pane-restore/last"
tmux list-panes -a -F '#{session_name}	#{window_index}	#{window_name}	#{window_layout}	#{pane_current_path}' > "$out"
tmux display-message "saved $(wc -l < "$out") panes"
