#!/usr/bin/env bash
set -euo pipefail
since=$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)
echo "# Report for $(gh repo view --json nameWithOwner -q .nameWithOwner) since $since"
echo; echo "## Merged PRs"
gh pr list --state merged --search "merged:>=$since" --json number,title -q '.[] | "- #\(.number) \(.title)"'
echo; echo "## Open issues"; gh issue list --limit 10 --json number,title -q '.[] | "- #\(.number) \(.title)"'
echo; echo "## Failed runs"; gh run list --status failure --limit 5 --json displayTitle,url -q '.[] | "- \(.displayTitle) \(.url)"'
