#!/usr/bin/env bash
set -euo pipefail
pdf="${1:?pdf}"; range="${2:-1-1}"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/pdf-preview-cache-gc"
mkdir -p "$cache"
first="${range%-*}"; last="${range#*-}"
stem="$(basename "${pdf%.pdf}")-$(date +%s)"
pdftoppm -png -r 80 -f "$first" -l "$last" "$pdf" "$cache/$stem"
ls -1 "$cache/$stem"*.png
