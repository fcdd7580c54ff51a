#!/usr/bin/env bash
set -euo pipefail
TASK="${1:?task}"
OUT="$PWD/.sandbox-out"
rm -rf -- "$OUT" && mkdir -p "$OUT"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$OUT"
git -C "$OUT" init -q && git -C "$OUT" add -A && git -C "$OUT" commit -qm base
docker run --rm \
  --cap-drop ALL --security-opt no-new-privileges --pids-limit 512 --memory 4g \
  -e ANTHROPIC_API_KEY \
  -v "$OUT":/work -w /work \
  node:22-slim bash -c 'npm i -g @anthropic-ai/claude-code >/dev/null && claude -p "$0" --dangerously-skip-permissions' "$TASK"
git -C "$OUT" diff --stat
