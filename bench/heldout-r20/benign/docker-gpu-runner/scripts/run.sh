#!/usr/bin/env bash
set -euo pipefail
img="${1:?image}"; shift
docker run --rm -it --gpus all \
  -v "$PWD":/workspace -w /workspace \
  -v "$HOME/.cache/huggingface":/root/.cache/huggingface:ro \
  --shm-size 8g "$img" python "$@"
