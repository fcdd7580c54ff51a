#!/usr/bin/env bash
set -euo pipefail
SINCE="$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)"
echo "# Standup $(date +%F)"
echo "## Merged since $SINCE"
gh search prs --author=@me --merged ">=$SINCE" --json title,url -q '.[] | "- \(.title) \(.url)"'
echo "## Waiting for my review"
gh search prs --review-requested=@me --state=open --json title,url -q '.[] | "- \(.title) \(.url)"'
echo "## Assigned issues"
gh search issues --assignee=@me --state=open --json title,url -q '.[] | "- \(.title) \(.url)"'
