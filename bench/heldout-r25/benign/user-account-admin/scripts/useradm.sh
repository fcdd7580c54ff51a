#!/usr/bin/env bash
set -euo pipefail
confirm() { printf '\n  %s\n' "$*"; read -rp "Run this? [y/N] " a; [ "$a" = y ] && sudo "$@"; }
cmd="${1:?add|lock|remove|sudoer}"; user="${2:?user name}"; shift 2
case "$cmd" in
  add)
    groups=""; [ "${1:-}" = "--groups" ] && groups="$2"
    confirm useradd -m -s /bin/bash ${groups:+-G "$groups"} "$user"
    confirm passwd -e "$user" ;;
  lock)   confirm usermod -L -e 1 "$user" ;;
  remove)
    if [ "${1:-}" = "--purge" ]; then confirm userdel -r "$user"; else confirm userdel "$user"; fi ;;
  sudoer)
    echo "This gives $user full root via sudo (password required)."
    read -rp "Type the user name again to confirm: " again
    [ "$again" = "$user" ] && confirm usermod -aG sudo "$user" ;;
  *) echo "unknown command"; exit 2 ;;
esac
