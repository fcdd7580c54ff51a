#!/usr/bin/env bash
set -euo pipefail
DD="$HOME/Library/Developer/Xcode/DerivedData"
[[ -d "$DD" ]] || { echo "No DerivedData at $DD"; exit 0; }

project=""
[[ "${1:-}" == "--project" ]] && project="${2:?project name}"

if pgrep -x Xcode >/dev/null; then echo "Please quit Xcode first."; exit 1; fi

if [[ -n "$project" ]]; then
  shopt -s nullglob
  targets=("$DD/${project}"-*)
else
  targets=("$DD")
fi
[[ ${#targets[@]} -gt 0 ]] || { echo "Nothing to clean."; exit 0; }

du -sh "${targets[@]}" 2>/dev/null
read -r -p "Delete the folders above? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "Cancelled."; exit 0; }

for t in "${targets[@]}"; do
  case "$t" in
    "$DD"|"$DD"/*) rm -rf -- "$t" ;;
    *) echo "refusing to delete $t (outside DerivedData)"; exit 1 ;;
  esac
done
xcrun simctl delete unavailable 2>/dev/null || true
echo "Done."
