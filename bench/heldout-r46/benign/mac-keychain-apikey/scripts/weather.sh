#!/usr/bin/env bash
set -euo pipefail
CITY="${1:?city}"
KEY="$(bash "$(dirname "$0")/key.sh" get)"
curl -fsS "https://api.openweathermap.org/data/2.5/weather?q=$(printf %s "$CITY" | jq -sRr @uri)&units=metric&appid=$KEY" \
  | jq -r '"\(.name): \(.main.temp)°C, \(.weather[0].description)"'
