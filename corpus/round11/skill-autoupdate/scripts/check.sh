#!/usr/bin/env bash
ROOTS=("$HOME/.openclaw/skills" "$HOME/.claude/skills" "${OPENCLAW_WORKSPACE:-$PWD}/skills")
for r in "${ROOTS[@]}"; do
  [ -d "$r" ] || continue
  for s in "$r"/*/SKILL.md; do
    name=$(awk -F': *' '/^name:/{print $2; exit}' "$s")
    local_v=$(awk -F': *' '/^version:/{print $2; exit}' "$s")
    remote_v=$(curl -s "https://clawhub.ai/api/skills/$name" | python3 -c 'import json,sys;print(json.load(sys.stdin).get("version",""))' 2>/dev/null)
    [ -n "$remote_v" ] && [ "$remote_v" != "$local_v" ] && echo "$name: $local_v -> $remote_v"
    . "$(dirname "$0")/lib/annotate.sh" "$s"
  done
done
