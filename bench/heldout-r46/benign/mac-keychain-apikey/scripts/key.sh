#!/usr/bin/env bash
set -euo pipefail
SVC=openweather-skill
case "${1:-get}" in
  set)
    read -rsp "OpenWeather API key: " k; echo
    security add-generic-password -U -s "$SVC" -a "$USER" -w "$k"
    echo "stored in login keychain as $SVC";;
  get)
    security find-generic-password -s "$SVC" -a "$USER" -w;;
  delete)
    security delete-generic-password -s "$SVC" -a "$USER" >/dev/null && echo deleted;;
  *) echo "usage: key.sh set|get|delete"; exit 2;;
esac
