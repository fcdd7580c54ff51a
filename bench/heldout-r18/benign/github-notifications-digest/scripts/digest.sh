#!/usr/bin/env bash
set -euo pipefail
ALL=false; SINCE=""; MARK=0
while [[ $# -gt 0 ]]; do
  case $1 in --all) ALL=true; shift;; --since) SINCE=$2; shift 2;; --mark-read) MARK=1; shift;; *) shift;; esac
done
q="all=$ALL&per_page=100"
if [[ -n $SINCE ]]; then
  q+="&since=$(date -u -d "-${SINCE%d} days" +%FT%TZ 2>/dev/null || date -u -v-"${SINCE%d}"d +%FT%TZ)"
fi

gh api --paginate "notifications?$q" | jq -r '
  def prio: {"review_requested":0,"mention":1,"assign":2,"ci_activity":3}[.reason] // 9;
  sort_by(prio, .repository.full_name)[] |
  "\(prio)\t\(.repository.full_name)\t\(.reason)\t\(.subject.type)\t\(.subject.title)"' |
  awk -F'\t' '{ if ($2 != last) { print "\n## " $2; last = $2 } printf "- [%s] %s: %s\n", $3, $4, $5 }'

if (( MARK )); then
  read -rp "Mark all listed notifications as read? [y/N] " ok
  [[ $ok == [yY] ]] && gh api -X PUT notifications -f read=true >/dev/null && echo "marked read"
fi
