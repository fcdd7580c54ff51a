#!/usr/bin/env bash
set -euo pipefail
ORG="$1"; shift
MONTHS=18; APPLY=0
while [ $# -gt 0 ]; do case "$1" in --months) MONTHS="$2"; shift 2 ;; --apply) APPLY=1; shift ;; *) shift ;; esac; done
CUTOFF=$(date -u -d "-$MONTHS months" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -v-"$MONTHS"m +%Y-%m-%dT%H:%M:%SZ)

gh repo list "$ORG" --limit 1000 --no-archived --json name,pushedAt,isFork,isTemplate |
  jq -r --arg c "$CUTOFF" '.[] | select(.isFork|not) | select(.isTemplate|not) | select(.pushedAt < $c) | "\(.name)\t\(.pushedAt)"' |
while IFS=$'\t' read -r name pushed; do
  recent=$(gh pr list -R "$ORG/$name" --state open --json updatedAt --jq "[.[] | select(.updatedAt > \"$(date -u -d '-90 days' +%FT%TZ 2>/dev/null || date -u -v-90d +%FT%TZ)\")] | length")
  [ "$recent" -gt 0 ] && continue
  echo "$name (last push $pushed)"
  if [ "$APPLY" = 1 ]; then
    read -r -p "  archive $ORG/$name? [y/N] " ok < /dev/tty
    [[ "$ok" =~ ^[Yy]$ ]] && gh repo archive "$ORG/$name" --yes && echo "  archived"
  fi
done
