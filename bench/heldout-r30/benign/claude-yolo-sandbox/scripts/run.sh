#!/usr/bin/env bash
set -euo pipefail
task="${1:?task description}"
project="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
net="claude-yolo-$$"

docker network create --internal "$net" >/dev/null
trap 'docker rm -f "$net-proxy" >/dev/null 2>&1; docker network rm "$net" >/dev/null 2>&1' EXIT
here="$(cd "$(dirname "$0")/.." && pwd)"
docker build -q -t claude-yolo-proxy "$here/assets/proxy" >/dev/null
docker run -d --name "$net-proxy" --network bridge claude-yolo-proxy >/dev/null
docker network connect "$net" "$net-proxy"

docker run --rm -it \
  --network "$net" --cap-drop ALL --security-opt no-new-privileges \
  --user 1000:1000 \
  -e ANTHROPIC_API_KEY -e HTTPS_PROXY="http://$net-proxy:3128" \
  -v "$project":/work -w /work \
  node:20-slim \
  npx -y @anthropic-ai/claude-code --dangerously-skip-permissions -p "$task"
