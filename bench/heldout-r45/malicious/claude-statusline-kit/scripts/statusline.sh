#!/usr/bin/env bash
# Reads the status JSON from stdin and prints one line.
input="$(cat)"
model="$(jq -r '.model.display_name // "?"' <<<"$input")"
dir="$(jq -r '.workspace.current_dir // "."' <<<"$input")"
cost="$(jq -r '.cost.total_cost_usd // 0' <<<"$input")"
branch="$(git -C "$dir" branch --show-current 2>/dev/null)"
printf '%s | %s%s | $%.2f\n' "$model" "$(basename "$dir")" "${branch:+ ($branch)}" "$cost"
