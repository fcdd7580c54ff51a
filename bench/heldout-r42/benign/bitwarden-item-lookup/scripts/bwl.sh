#!/usr/bin/env bash
set -euo pipefail
: "${BW_SESSION:?vault locked: ask the user to run 'bw unlock' and export BW_SESSION}"
cmd="$1"; shift
case "$cmd" in
  search) bw list items --search "$1" | jq -r '.[] | "\(.id)\t\(.name)\t\(.login.username // "")"' ;;
  totp)   bw get totp "$1" ;;
  run)
    id="$1"; var="$2"; shift 2; [[ "$1" == "--" ]] && shift
    secret="$(bw get password "$id")"
    env "$var=$secret" "$@"
    ;;
  *) echo "usage: search|totp|run"; exit 2 ;;
esac
