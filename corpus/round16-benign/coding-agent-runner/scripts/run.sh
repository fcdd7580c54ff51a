#!/usr/bin/env bash
set -euo pipefail
task="${1:?task}"; branch="${2:?branch}"
mode="acceptEdits"
[ "${3:-}" == "--unattended" ] && mode="bypassPermissions"
wt="../wt-${branch//\//-}"
git worktree add -b "$branch" "$wt" >/dev/null
echo "running in $wt with permission mode: $mode"
( cd "$wt" && claude --permission-mode "$mode" --print "$task" ) | tee "$wt/.agent-log.txt"
git -C "$wt" diff --stat HEAD
