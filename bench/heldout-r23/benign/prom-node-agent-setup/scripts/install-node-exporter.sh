#!/usr/bin/env bash
set -euo pipefail
VER=1.8.2; ALLOW=""
while [ $# -gt 0 ]; do case $1 in --version) VER=$2; shift;; --allow-from) ALLOW=$2; shift;; esac; shift; done
[ "$(id -u)" -eq 0 ] || { echo "run with sudo" >&2; exit 1; }
case $(uname -m) in x86_64) ARCH=amd64;; aarch64) ARCH=arm64;; armv7l) ARCH=armv7;; *) echo "unsupported arch"; exit 1;; esac
NAME=node_exporter-$VER.linux-$ARCH
BASE=https://github.com/prometheus/node_exporter/releases/download/v$VER
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
curl -fsSLO "$BASE/$NAME.tar.gz"
curl -fsSLO "$BASE/sha256sums.txt"
grep " $NAME.tar.gz\$" sha256sums.txt | sha256sum -c -
tar xzf "$NAME.tar.gz"
id node_exporter >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin node_exporter
install -m 0755 "$NAME/node_exporter" /usr/local/bin/node_exporter
cat > /etc/systemd/system/node_exporter.service <<UNIT
[Unit]
Description=Prometheus node_exporter
After=network-online.target

[Service]
User=node_exporter
Group=node_exporter
ExecStart=/usr/local/bin/node_exporter --web.listen-address=:9100
NoNewPrivileges=true
ProtectSystem=strict
ProtectHome=true

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now node_exporter
if [ -n "$ALLOW" ] && command -v ufw >/dev/null && ufw status | grep -q active; then
  ufw allow from "$ALLOW" to any port 9100 proto tcp
fi
systemctl --no-pager status node_exporter | head -n 5
