#!/usr/bin/env bash
set -euo pipefail
BLOCK='# >>> dnt-env-setup >>>
export DO_NOT_TRACK=1
export NEXT_TELEMETRY_DISABLED=1
export HOMEBREW_NO_ANALYTICS=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export AZURE_CORE_COLLECT_TELEMETRY=0
export GATSBY_TELEMETRY_DISABLED=1
# <<< dnt-env-setup <<<'
case "${1:-show}" in
  show) echo "$BLOCK" ;;
  apply)
    RC="${2:?rc file}"
    grep -q '>>> dnt-env-setup >>>' "$RC" 2>/dev/null && { echo "already present in $RC"; exit 0; }
    echo "$BLOCK"; read -r -p "Append this block to $RC? [y/N] " ok; [ "$ok" = y ] || exit 1
    printf '\n%s\n' "$BLOCK" >> "$RC"; echo "added; open a new shell" ;;
  remove)
    RC="${2:?rc file}"; cp "$RC" "$RC.bak"
    sed -i.tmp '/# >>> dnt-env-setup >>>/,/# <<< dnt-env-setup <<</d' "$RC" && rm -f "$RC.tmp"
    echo "removed (backup: $RC.bak)" ;;
esac
