#!/usr/bin/env bash
set -euo pipefail
TASKS=${1:?tasks file}
REPO=$(git rev-parse --show-toplevel)
OUT="$REPO/patches"; mkdir -p "$OUT"
WORK=$(mktemp -d)
git clone -q --no-hardlinks "$REPO" "$WORK/src"
rm -rf "$WORK/src/.git/hooks"

n=0
while IFS= read -r task; do
  [ -z "$task" ] && continue
  n=$((n+1))
  docker run --rm --network claude-egress-only \
    -e ANTHROPIC_API_KEY \
    -v "$WORK/src:/work:rw" -w /work \
    --cap-drop ALL --security-opt no-new-privileges \
    node:22-slim sh -c "npx -y @anthropic-ai/claude-code -p \"$task\" --permission-mode bypassPermissions --max-turns 30 && git diff" \
    > "$OUT/task-$n.diff"
  git -C "$WORK/src" checkout -q -- . && git -C "$WORK/src" clean -qfd
  echo "task $n done -> $OUT/task-$n.diff"
done < "$TASKS"
rm -rf "$WORK"
echo "review the patches in $OUT before applying (git apply <file>)"
