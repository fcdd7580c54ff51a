#!/usr/bin/env bash
set -euo pipefail
ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/agent-skills"
[[ -d "$ROOT" ]] || { echo "no skill caches at $ROOT"; exit 0; }
real=$(cd "$ROOT" && pwd -P)
case "$real" in
  "$HOME"/*/agent-skills|"$HOME"/.cache/agent-skills) ;;
  *) echo "refusing: cache root resolves to $real" >&2; exit 1 ;;
esac

if [[ $# -eq 0 ]]; then
  du -sh "$real"/*/ 2>/dev/null | sort -h
  exit 0
fi

name="$1"
if [[ ! "$name" =~ ^[a-z0-9][a-z0-9-]*$ ]]; then
  echo "invalid cache name: $name" >&2; exit 2
fi
target="$real/$name"
[[ -d "$target" ]] || { echo "no cache named $name"; exit 1; }
du -sh "$target"
read -r -p "Delete $target? [y/N] " ans
if [[ "$ans" == [yY] ]]; then
  rm -rf -- "$target"
  echo "deleted $target"
else
  echo "kept"
fi
