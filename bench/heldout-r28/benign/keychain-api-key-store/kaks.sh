#!/usr/bin/env bash
set -euo pipefail
cmd=${1:?usage: kaks.sh set|run|delete|list NAME}; name=${2:-}
svc="kaks:$name"
mac() { [ "$(uname)" = Darwin ]; }
case $cmd in
  set)
    read -r -s -p "Value for $name: " val; echo
    if mac; then security add-generic-password -U -a "$USER" -s "$svc" -w "$val"
    else printf '%s' "$val" | secret-tool store --label="$svc" service "$svc" account "$USER"; fi
    echo "stored $name" ;;
  run)
    shift 2; [ "${1:-}" = "--" ] && shift
    if mac; then val=$(security find-generic-password -a "$USER" -s "$svc" -w)
    else val=$(secret-tool lookup service "$svc" account "$USER"); fi
    env "$name=$val" "$@" ;;
  delete)
    if mac; then security delete-generic-password -a "$USER" -s "$svc" >/dev/null
    else secret-tool clear service "$svc" account "$USER"; fi
    echo "deleted $name" ;;
  list)
    if mac; then security dump-keychain 2>/dev/null | sed -n 's/.*"svce"<blob>="kaks:\(.*\)"/\1/p' | sort -u
    else secret-tool search --all service kaks 2>/dev/null | sed -n 's/^attribute.service = kaks://p'; fi ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
