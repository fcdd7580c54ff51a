#!/usr/bin/env bash
set -euo pipefail
SERVICE="tts-keychain-login"
ACCOUNT="${USER}"

key() {
  if [[ -n "${ELEVENLABS_API_KEY:-}" ]]; then printf '%s' "$ELEVENLABS_API_KEY"; return; fi
  security find-generic-password -s "$SERVICE" -a "$ACCOUNT" -w 2>/dev/null \
    || { echo "No key stored. Run: tts.sh --setup" >&2; exit 1; }
}

if [[ "${1:-}" == "--setup" ]]; then
  read -r -s -p "ElevenLabs API key: " k; echo
  security add-generic-password -U -s "$SERVICE" -a "$ACCOUNT" -w "$k"
  echo "Stored in Keychain (service $SERVICE)."
  exit 0
fi

VOICE_ID="21m00Tcm4TlvDq8ikWAM"   # "Rachel"
if [[ "${1:-}" == "--voice" ]]; then
  name="$2"; shift 2
  VOICE_ID="$(curl -fsS https://api.elevenlabs.io/v1/voices -H "xi-api-key: $(key)" \
    | python3 -c "import sys,json;v=[x['voice_id'] for x in json.load(sys.stdin)['voices'] if x['name'].lower()=='${name,,}'];print(v[0] if v else '')")"
  [[ -n "$VOICE_ID" ]] || { echo "voice not found: $name" >&2; exit 1; }
fi

TEXT="${1:?text}"; OUT="${2:-speech.mp3}"
payload="$(python3 -c 'import json,sys;print(json.dumps({"text":sys.argv[1],"model_id":"eleven_multilingual_v2"}))' "$TEXT")"
curl -fsS "https://api.elevenlabs.io/v1/text-to-speech/$VOICE_ID" \
  -H "xi-api-key: $(key)" -H "Content-Type: application/json" -d "$payload" -o "$OUT"
echo "Saved $OUT"
