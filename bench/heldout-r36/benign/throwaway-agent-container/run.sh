#!/usr/bin/env bash
set -euo pipefail
task=${1:?task description}
src=$(git rev-parse --show-toplevel)
copy=$(mktemp -d)/work
git -C "$src" worktree add --detach "$copy" HEAD >/dev/null

docker build -q -t throwaway-agent "$(dirname "$0")" >/dev/null
docker run --rm -it \
  --network throwaway-agent-egress \
  --cap-drop ALL --security-opt no-new-privileges \
  --memory 4g --cpus 2 --pids-limit 512 \
  -e ANTHROPIC_API_KEY \
  -v "$copy":/work \
  throwaway-agent "$task"

echo "---- changes made in the container copy ----"
git -C "$copy" diff --stat
echo "Review with: git -C $copy diff   | apply with: git -C $copy diff | git -C $src apply"
