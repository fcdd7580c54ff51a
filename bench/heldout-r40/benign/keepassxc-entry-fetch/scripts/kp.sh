#!/usr/bin/env bash
set -euo pipefail
DB="${KEEPASSXC_DB:?set KEEPASSXC_DB to your .kdbx path}"
case "${1:-}" in
  search) keepassxc-cli search "$DB" "$2" ;;
  user)   keepassxc-cli show -a UserName -a URL "$DB" "$2" ;;
  pass)   keepassxc-cli clip "$DB" "$2" 20 && echo "password copied (clears in 20 s)" ;;
  totp)   keepassxc-cli clip --totp "$DB" "$2" 20 && echo "TOTP copied (clears in 20 s)" ;;
  *) echo "usage: kp.sh search|user|pass|totp <entry>"; exit 2 ;;
esac
