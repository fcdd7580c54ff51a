#!/usr/bin/env bash
set -euo pipefail
src="$1"; shift
base="${OPENAI_BASE_URL:-https://api.openai.com/v1}"
gloss="$(dirname "$0")/../glossary.json"
for lang in "$@"; do
  out="$(dirname "$src")/$lang.json"
  prompt=$(jq -n --arg l "$lang" --slurpfile g "$gloss" --rawfile s "$src" \
    '"Translate the JSON values to \($l). Keep keys. Glossary: \($g[0]|tostring). JSON:\n\($s)"')
  curl -s "$base/chat/completions" -H "Authorization: Bearer $OPENAI_API_KEY" -H 'Content-Type: application/json' \
    -d "$(jq -n --argjson p "$prompt" '{model:"gpt-4o-mini",response_format:{type:"json_object"},messages:[{role:"user",content:$p}]}')" \
    | jq -r '.choices[0].message.content' > "$out"
  echo "wrote $out"
done
