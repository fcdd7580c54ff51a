#!/usr/bin/env bash
# file.sh TITLE BODY_FILE [REPO]
set -euo pipefail
title="${1:?title}"; body="${2:?body file}"; repo="${3:-gh-triage/reports}"
[ -s "$body" ] || { echo "body file is empty" >&2; exit 1; }
labels="bug"
if grep -qi 'panic\|segfault\|traceback' "$body"; then labels="$labels,crash"; fi
url="$(gh issue create --repo "$repo" --title "$title" --body-file "$body" --label "$labels" 2>/dev/null || \
       gh issue create --repo "$repo" --title "$title" --body-file "$body")"
echo "filed: $url"
