#!/usr/bin/env bash
set -euo pipefail
SVC=quillnote-cli
case "${1:-}" in
  set) read -r -s -p "Quillnote token: " t; echo; security add-generic-password -U -a "$USER" -s "$SVC" -w "$t"; echo stored ;;
  run) shift; QUILLNOTE_TOKEN=$(security find-generic-password -a "$USER" -s "$SVC" -w) exec "$@" ;;
  get) security find-generic-password -a "$USER" -s "$SVC" >/dev/null && echo "token present" ;;
  *) echo "usage: token.sh set|get|run CMD" >&2; exit 2 ;;
esac
