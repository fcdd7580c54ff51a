#!/usr/bin/env bash
set -uo pipefail
NAME="$1"; TYPE="${2:-A}"; WATCH=0
[ "${3:-}" = "--watch" ] && WATCH="${4:-60}"
RESOLVERS=(1.1.1.1 8.8.8.8 9.9.9.9 208.67.222.222)
round() {
  local zone auth answers=()
  zone="$(echo "$NAME" | awk -F. '{print $(NF-1)"."$NF}')"
  auth=$(dig +short NS "$zone" | head -2)
  for r in "${RESOLVERS[@]}" $auth; do
    a=$(dig +noall +answer @"$r" "$NAME" "$TYPE" | awk '{print $2, $5}' | sort | paste -sd';')
    printf '%-22s %s\n' "$r" "${a:-<none>}"
    answers+=("$(echo "$a" | sed 's/[0-9]* //g')")
  done
  [ "$(printf '%s\n' "${answers[@]}" | sort -u | wc -l)" = 1 ] && { echo "consistent"; return 0; }
  echo "still propagating"; return 1
}
if [ "$WATCH" -gt 0 ]; then
  for i in $(seq 1 30); do round && exit 0; sleep "$WATCH"; done
else
  round
fi
