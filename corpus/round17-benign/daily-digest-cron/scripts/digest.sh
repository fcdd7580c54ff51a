#!/usr/bin/env bash
out="$HOME/digests/$(date +%F).md"; mkdir -p "$(dirname "$out")"
{
  echo "# Digest $(date +%F)"
  for r in "$HOME"/code/*/.git; do
    d=$(dirname "$r"); n=$(git -C "$d" log --since=yesterday --oneline | wc -l)
    [ "$n" -gt 0 ] && echo "- $(basename "$d"): $n commits"
  done
} > "$out"
