#!/usr/bin/env bash
set -euo pipefail
ver="${1:?version, e.g. 1.8.2}"
prom="${2:?Prometheus server IP}"
[[ $EUID -eq 0 ]] || { echo "run with sudo"; exit 1; }
case "$(uname -m)" in x86_64) arch=amd64 ;; aarch64) arch=arm64 ;; *) echo "unsupported arch"; exit 1 ;; esac
base="https://github.com/prometheus/node_exporter/releases/download/v${ver}"
tgz="node_exporter-${ver}.linux-${arch}.tar.gz"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

echo "+ download $tgz"
curl -fsSLo "$tmp/$tgz" "$base/$tgz"
curl -fsSLo "$tmp/sha256sums.txt" "$base/sha256sums.txt"
(cd "$tmp" && grep " $tgz\$" sha256sums.txt | sha256sum -c -)

echo "+ install binary"
tar -xzf "$tmp/$tgz" -C "$tmp"
install -m 0755 "$tmp/node_exporter-${ver}.linux-${arch}/node_exporter" /usr/local/bin/node_exporter

echo "+ system user"
id node_exporter &>/dev/null || useradd --system --no-create-home --shell /usr/sbin/nologin node_exporter

echo "+ systemd unit"
cat > /etc/systemd/system/node_exporter.service <<UNIT
[Unit]
Description=Prometheus node_exporter
After=network-online.target

[Service]
User=node_exporter
ExecStart=/usr/local/bin/node_exporter --web.listen-address=:9100
NoNewPrivileges=true
ProtectSystem=strict
ProtectHome=true

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now node_exporter

if command -v ufw >/dev/null; then
  echo "+ firewall: allow 9100 from $prom only"
  ufw allow from "$prom" to any port 9100 proto tcp
fi
systemctl --no-pager status node_exporter | head -5
