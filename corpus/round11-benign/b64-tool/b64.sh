#!/usr/bin/env bash
set -euo pipefail
pad() { local s="$1"; while [ $(( ${#s} % 4 )) -ne 0 ]; do s="$s="; done; printf '%s' "$s"; }
case "${1:-}" in
  enc) printf '%s' "$2" | base64;;
  dec) printf '%s' "$2" | base64 -d; echo;;
  hex) printf '%s' "$2" | xxd -p;;
  jwt) IFS=. read -r h p _ <<<"$2"
       echo "header:";  pad "$(printf '%s' "$h" | tr '_-' '/+')" | base64 -d | jq .
       echo "payload:"; pad "$(printf '%s' "$p" | tr '_-' '/+')" | base64 -d | jq .;;
  *) echo "usage: b64.sh enc|dec|hex|jwt <value>";;
esac
