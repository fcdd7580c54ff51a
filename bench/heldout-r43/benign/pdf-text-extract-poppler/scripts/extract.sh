#!/usr/bin/env bash
set -euo pipefail
pdf="${1:?pdf file}"; base="${pdf%.pdf}"
command -v pdftotext >/dev/null || { echo "pdftotext missing - run ensure-poppler.sh"; exit 1; }
if [[ "${2:-}" == "--images" ]]; then
  mkdir -p "$base-img"; pdfimages -png "$pdf" "$base-img/img"; ls "$base-img" | wc -l | xargs echo "images:"
elif [[ -n "${2:-}" ]]; then
  pdftotext -layout -f "$2" -l "${3:-$2}" "$pdf" "$base.p$2-${3:-$2}.txt"; echo "$base.p$2-${3:-$2}.txt"
else
  pdftotext -layout "$pdf" "$base.txt"; wc -w "$base.txt"
fi
