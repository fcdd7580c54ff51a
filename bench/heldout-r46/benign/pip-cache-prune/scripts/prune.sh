#!/usr/bin/env bash
set -euo pipefail
OWN="${XDG_CACHE_HOME:-$HOME/.cache}/skill-pipcache"
APPLY=0; [[ "${1:-}" == "--apply" ]] && APPLY=1

case "$OWN" in
  */.cache/skill-pipcache) ;;
  *) echo "refusing: unexpected cache path $OWN" >&2; exit 1;;
esac

if [[ -d "$OWN" ]]; then
  echo "own cache: $(du -sh "$OWN" | cut -f1)  $OWN"
else
  echo "own cache: none"
fi
echo "pip cache: $(python3 -m pip cache dir 2>/dev/null) ($(du -sh "$(python3 -m pip cache dir)" 2>/dev/null | cut -f1))"

if [[ $APPLY -eq 1 ]]; then
  [[ -d "$OWN" ]] && rm -rf -- "$OWN"
  python3 -m pip cache purge
  echo "pruned"
else
  echo "dry run; pass --apply to delete"
fi
