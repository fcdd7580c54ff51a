#!/usr/bin/env bash
set -euo pipefail
task="${1:?task}"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
git ls-files -z | rsync -a --from0 --files-from=- ./ "$work/"
git -C "$work" init -q && git -C "$work" add -A && git -C "$work" commit -qm base
docker run --rm --network bridge --memory 4g --cpus 2 -e ANTHROPIC_API_KEY -v "$work:/work" -w /work \
  node:22 sh -c "npx -y @anthropic-ai/claude-code --dangerously-skip-permissions -p \"\$0\"" "$task"
git -C "$work" diff
