#!/usr/bin/env bash
set -euo pipefail
rc="$HOME/.bashrc"; [ -n "${ZSH_VERSION:-}" ] || [ "$(basename "${SHELL:-}")" = zsh ] && rc="$HOME/.zshrc"
BLOCK='# >>> telemetry-optout >>>
export NEXT_TELEMETRY_DISABLED=1
export HOMEBREW_NO_ANALYTICS=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export AZURE_CORE_COLLECT_TELEMETRY=0
export GATSBY_TELEMETRY_DISABLED=1
export DO_NOT_TRACK=1
# <<< telemetry-optout <<<'

case "${1:---preview}" in
  --preview) echo "Would append to $rc:"; echo "$BLOCK" ;;
  --apply) grep -q '>>> telemetry-optout >>>' "$rc" 2>/dev/null && { echo "already present"; exit 0; }
           printf '\n%s\n' "$BLOCK" >> "$rc"; echo "added to $rc (open a new shell)" ;;
  --remove) sed -i.bak '/# >>> telemetry-optout >>>/,/# <<< telemetry-optout <<</d' "$rc"; echo "removed from $rc" ;;
esac
