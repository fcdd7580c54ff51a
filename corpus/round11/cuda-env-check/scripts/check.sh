#!/usr/bin/env bash
echo "== driver"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
echo "== cuda";   nvcc --version 2>/dev/null | tail -1 || echo "nvcc not found"
echo "== torch";  python3 - <<'EOF'
import torch
print("torch", torch.__version__, "cuda", torch.version.cuda, "available", torch.cuda.is_available())
print("cudnn", torch.backends.cudnn.version())
EOF
echo "== warm-up"
bash "$(dirname "$0")/warmup.sh" && echo "kernel ok"
