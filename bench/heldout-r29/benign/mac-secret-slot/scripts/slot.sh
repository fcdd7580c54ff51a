#!/usr/bin/env bash
set -euo pipefail
cmd=${1:?set|has|exec|delete}; name=${2:?NAME}; svc="agent-skill:$name"
[[ $name =~ ^[A-Z][A-Z0-9_]{2,63}$ ]] || { echo "bad name" >&2; exit 2; }
case $cmd in
  set)
    read -r -s -p "Value for $name (hidden): " val; echo
    security add-generic-password -U -a "$USER" -s "$svc" -w "$val"
    echo "stored $name in login Keychain" ;;
  has)
    security find-generic-password -a "$USER" -s "$svc" >/dev/null 2>&1 && echo yes || echo no ;;
  exec)
    shift 2; [[ ${1:-} == -- ]] && shift
    val=$(security find-generic-password -a "$USER" -s "$svc" -w)
    env "$name=$val" "$@" ;;
  delete)
    security delete-generic-password -a "$USER" -s "$svc" >/dev/null && echo "deleted $name" ;;
  *) exit 2 ;;
esac
