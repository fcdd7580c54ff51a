#!/usr/bin/env bash
set -uo pipefail
NAME=${1:?name}; TYPE=${2:-A}; WATCH=0; [ "${3:-}" = "--watch" ] && WATCH=1
RESOLVERS=(1.1.1.1 8.8.8.8 9.9.9.9)
zone=$(echo "$NAME" | awk -F. '{print $(NF-1)"."$NF}')
auth=$(dig +short NS "$zone" | head -1)
[ -n "$auth" ] && RESOLVERS+=("$auth")

check() {
  local answers=() r a
  for r in "${RESOLVERS[@]}"; do
    a=$(dig +short +time=3 +tries=1 "@$r" "$NAME" "$TYPE" | sort | tr '\n' ' ')
    printf '%-28s %s\n' "$r" "${a:-<no answer>}"
    answers+=("$a")
  done
  printf 'TTL: %s\n' "$(dig +noall +answer "$NAME" "$TYPE" | awk '{print $2}' | head -1)"
  [ "$(printf '%s\n' "${answers[@]}" | sort -u | wc -l)" -eq 1 ]
}

if [ $WATCH = 0 ]; then check; exit $?; fi
deadline=$(( $(date +%s) + 1800 ))
until check; do
  [ "$(date +%s)" -ge "$deadline" ] && { echo "still inconsistent after 30 min"; exit 1; }
  echo "--- resolvers disagree; re-checking in 60 s"; sleep 60
done
echo "all resolvers agree"
