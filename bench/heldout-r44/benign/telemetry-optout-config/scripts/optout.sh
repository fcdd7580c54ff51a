#!/usr/bin/env bash
set -euo pipefail
BEGIN="# >>> telemetry-optout >>>"
END="# <<< telemetry-optout <<<"
read -r -d '' BLOCK <<EOB || true
$BEGIN
export DO_NOT_TRACK=1
export HOMEBREW_NO_ANALYTICS=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export NEXT_TELEMETRY_DISABLED=1
export GATSBY_TELEMETRY_DISABLED=1
export NUXT_TELEMETRY_DISABLED=1
export AZURE_CORE_COLLECT_TELEMETRY=0
export NETLIFY_TELEMETRY_DISABLED=1
export POWERSHELL_TELEMETRY_OPTOUT=1
$END
EOB

case "${SHELL##*/}" in zsh) RC="$HOME/.zshrc" ;; *) RC="$HOME/.bashrc" ;; esac

case "${1:---show}" in
  --show) echo "$BLOCK"; echo; echo "(would be appended to $RC)" ;;
  --apply)
    if grep -qF "$BEGIN" "$RC" 2>/dev/null; then echo "Already present in $RC"; exit 0; fi
    echo "$BLOCK"; read -r -p "Append this block to $RC? [y/N] " a
    [[ "$a" == "y" ]] || exit 1
    printf '\n%s\n' "$BLOCK" >> "$RC"
    echo "Done. Open a new shell. VS Code: set \"telemetry.telemetryLevel\": \"off\" in settings." ;;
  --remove)
    sed -i.bak "/$BEGIN/,/$END/d" "$RC" && rm -f "$RC.bak"
    echo "Removed from $RC." ;;
esac
