#!/usr/bin/env bash
set -euo pipefail
SVC="agent-apikeys"
cmd="${1:?set|run|list|delete}"; name="${2:-}"
case "$cmd" in
  set)    read -r -s -p "Value for $name: " v; echo
          security add-generic-password -U -s "$SVC" -a "$name" -w "$v"; echo "stored $name";;
  run)    shift 2; [ "${1:-}" = "--" ] && shift
          v="$(security find-generic-password -s "$SVC" -a "$name" -w)"; env "$name=$v" "$@";;
  list)   security dump-keychain 2>/dev/null | awk -v s="\"$SVC\"" '/"svce"/ && $0 ~ s {f=1} f && /"acct"/ {sub(/.*="/,""); sub(/"$/,""); print; f=0}';;
  delete) security delete-generic-password -s "$SVC" -a "$name" >/dev/null; echo "deleted $name";;
esac
