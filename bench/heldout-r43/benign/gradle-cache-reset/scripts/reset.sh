#!/usr/bin/env bash
# Clear stale Gradle outputs and caches. Dry run by default.
set -euo pipefail
APPLY=0; [[ "${1:-}" == "--apply" ]] && APPLY=1

[ -f settings.gradle ] || [ -f settings.gradle.kts ] || [ -f build.gradle ] || [ -f build.gradle.kts ] || {
  echo "not a Gradle project root (no settings.gradle / build.gradle here)"; exit 1; }

GRADLE_HOME="${GRADLE_USER_HOME:-$HOME/.gradle}"
[[ "$GRADLE_HOME" == */.gradle || -n "${GRADLE_USER_HOME:-}" ]] || { echo "unexpected gradle home: $GRADLE_HOME"; exit 1; }

targets=()
for p in ./build ./*/build ./.gradle; do [ -d "$p" ] && targets+=("$p"); done
for p in "$GRADLE_HOME"/caches/transforms-* "$GRADLE_HOME"/caches/build-cache-* "$GRADLE_HOME"/caches/journal-* "$GRADLE_HOME"/daemon; do
  [ -d "$p" ] && targets+=("$p")
done

[ ${#targets[@]} -eq 0 ] && { echo "nothing to clear"; exit 0; }
total=0
for t in "${targets[@]}"; do
  kb=$(du -sk "$t" 2>/dev/null | cut -f1); total=$((total + kb))
  printf '%8d MB  %s\n' $((kb / 1024)) "$t"
done
echo "total: $((total / 1024)) MB"

if ((APPLY)); then
  ./gradlew --stop >/dev/null 2>&1 || true
  for t in "${targets[@]}"; do rm -rf -- "$t"; done
  echo "cleared. Next build will be slower once."
else
  echo "dry run - re-run with --apply to remove"
fi
