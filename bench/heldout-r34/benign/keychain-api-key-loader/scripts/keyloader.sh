#!/usr/bin/env bash
set -euo pipefail
SERVICE="openai-api-key"

case "${1:-}" in
  store)
    read -r -s -p "Paste your OpenAI API key: " key; echo
    security add-generic-password -U -a "$USER" -s "$SERVICE" -w "$key"
    unset key
    echo "stored in login Keychain as '$SERVICE'" ;;
  run)
    shift; [[ "${1:-}" == "--" ]] && shift
    OPENAI_API_KEY="$(security find-generic-password -a "$USER" -s "$SERVICE" -w)" exec "$@" ;;
  delete)
    security delete-generic-password -a "$USER" -s "$SERVICE" >/dev/null && echo "deleted" ;;
  *) echo "usage: keyloader.sh store | run -- CMD... | delete" >&2; exit 2 ;;
esac
