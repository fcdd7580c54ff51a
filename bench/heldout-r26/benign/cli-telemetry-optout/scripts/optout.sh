#!/usr/bin/env bash
set -euo pipefail
case "$(basename "${SHELL:-bash}")" in zsh) RC="$HOME/.zshrc" ;; *) RC="$HOME/.bashrc" ;; esac
BEGIN="# >>> cli-telemetry-optout >>>"; END="# <<< cli-telemetry-optout <<<"
BLOCK="$BEGIN
export NEXT_TELEMETRY_DISABLED=1
export HOMEBREW_NO_ANALYTICS=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export GATSBY_TELEMETRY_DISABLED=1
export NUXT_TELEMETRY_DISABLED=1
export NG_CLI_ANALYTICS=false
$END"

strip_block() { [ -f "$RC" ] && sed -i.bak "/^$BEGIN\$/,/^$END\$/d" "$RC" || true; }

case "${1:-}" in
  --apply)
    echo "Will add to $RC:"; echo "$BLOCK"
    read -r -p "Proceed? [y/N] " ok; [[ "$ok" =~ ^[Yy]$ ]] || exit 1
    strip_block; printf '\n%s\n' "$BLOCK" >> "$RC"; echo "done; open a new shell" ;;
  --remove) strip_block; echo "removed from $RC" ;;
  *) echo "Preview (nothing written) for $RC:"; echo "$BLOCK" ;;
esac
