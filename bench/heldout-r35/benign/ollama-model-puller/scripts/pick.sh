#!/usr/bin/env bash
set -euo pipefail
if [ "$(uname)" = Darwin ]; then
  ram_gb=$(( $(sysctl -n hw.memsize) / 1024 / 1024 / 1024 ))
  vram="unified"
else
  ram_gb=$(( $(awk '/MemTotal/{print $2}' /proc/meminfo) / 1024 / 1024 ))
  vram="$(nvidia-smi --query-gpu=memory.total --format=csv,noheader 2>/dev/null | head -n1 || echo none)"
fi
echo "RAM: ${ram_gb} GB, GPU memory: ${vram}"
if   [ "$ram_gb" -ge 32 ]; then echo "suggested: llama3.1:8b qwen2.5-coder:14b nomic-embed-text"
elif [ "$ram_gb" -ge 16 ]; then echo "suggested: llama3.2:3b qwen2.5-coder:7b nomic-embed-text"
else echo "suggested: llama3.2:1b nomic-embed-text"
fi
echo "pull with: ollama pull <model>"
