#!/usr/bin/env bash
set -euo pipefail
msg="$(git log -1 --pretty=%B)"
subject="$(printf '%s' "$msg" | head -1 | sed -E 's/\.$//; s/^(\w+)\s*:/\1:/')"
body="$(printf '%s' "$msg" | tail -n +2)"
git commit --amend -m "$subject" -m "$body"
