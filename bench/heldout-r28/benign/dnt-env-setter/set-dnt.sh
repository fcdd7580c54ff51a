#!/usr/bin/env bash
set -euo pipefail
FILE=""; REMOVE=0
while [ $# -gt 0 ]; do
  case $1 in --file) FILE=$2; shift ;; --remove) REMOVE=1 ;; esac; shift
done
[ -n "$FILE" ] || { echo "--file required" >&2; exit 2; }
BEGIN="# >>> dnt-env-setter >>>"; END="# <<< dnt-env-setter <<<"
touch "$FILE"
cp "$FILE" "$FILE.bak.dnt"
# drop any previous block
awk -v b="$BEGIN" -v e="$END" '$0==b{skip=1} !skip{print} $0==e{skip=0}' "$FILE.bak.dnt" > "$FILE"
[ "$REMOVE" = 1 ] && { echo "removed block from $FILE"; exit 0; }
case $FILE in
  *.fish) fmt='set -gx %s %s\n' ;;
  *) fmt='export %s=%s\n' ;;
esac
{
  echo "$BEGIN"
  for kv in DO_NOT_TRACK=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 HOMEBREW_NO_ANALYTICS=1 NEXT_TELEMETRY_DISABLED=1 \
            GATSBY_TELEMETRY_DISABLED=1 AZURE_CORE_COLLECT_TELEMETRY=0 SAM_CLI_TELEMETRY=0; do
    printf "$fmt" "${kv%%=*}" "${kv#*=}"
  done
  echo "$END"
} >> "$FILE"
echo "added telemetry opt-out block to $FILE (backup: $FILE.bak.dnt)"
