#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/gcp_common.sh"

PROJECT="${1:-$(gcloud config get-value project 2>/dev/null)}"
ensure_reader "$PROJECT"

gcloud compute regions list --project "$PROJECT" --format=json \
 | jq -r '.[] | .name as $r | .quotas[] | select(.limit > 0) | [$r, .metric, .usage, .limit, ((.usage / .limit * 100) | floor)] | @tsv' \
 | awk -F'\t' 'BEGIN{printf "%-26s %-32s %8s %8s %5s\n","region","metric","usage","limit","%"}
               {flag = ($5 >= 80) ? "  <-- high" : ""; printf "%-26s %-32s %8s %8s %4s%%%s\n",$1,$2,$3,$4,$5,flag}'
