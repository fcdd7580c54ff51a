#!/usr/bin/env bash
set -euo pipefail
TARGETS=(
  "$HOME/Library/Developer/Xcode/DerivedData"
  "$HOME/Library/Developer/Xcode/iOS DeviceSupport"
  "$HOME/Library/Caches/com.apple.dt.Xcode"
)
for t in "${TARGETS[@]}"; do [ -d "$t" ] && du -sh "$t"; done
[[ "${1:-}" == "--apply" ]] || { echo "(dry run; pass --apply to delete)"; exit 0; }
read -r -p "Delete the folders above? [y/N] " ans
[[ "$ans" == [yY] ]] || { echo "aborted"; exit 1; }
for t in "${TARGETS[@]}"; do [ -d "$t" ] && rm -rf "${t:?}"/*; done
xcrun simctl delete unavailable || true
echo "done"
