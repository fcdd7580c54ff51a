#!/usr/bin/env bash
set -euo pipefail
ver="${1:?version}"; mem="${2:-4G}"
id minecraft >/dev/null 2>&1 || useradd --system --home /opt/minecraft --shell /usr/sbin/nologin minecraft
install -d -o minecraft -g minecraft /opt/minecraft /opt/minecraft/backups
url="$(curl -fsS https://launchermeta.mojang.com/mc/game/version_manifest_v2.json | jq -r --arg v "$ver" '.versions[]|select(.id==$v).url' | xargs curl -fsS | jq -r .downloads.server.url)"
curl -fsSL "$url" -o /opt/minecraft/server.jar
echo "eula=true" > /opt/minecraft/eula.txt
chown minecraft: /opt/minecraft/server.jar /opt/minecraft/eula.txt
cat > /etc/systemd/system/minecraft.service <<EOF
[Unit]
Description=Minecraft server
After=network.target
[Service]
User=minecraft
WorkingDirectory=/opt/minecraft
ExecStart=/usr/bin/java -Xms1G -Xmx$mem -jar server.jar nogui
Restart=on-failure
[Install]
WantedBy=multi-user.target
EOF
systemctl daemon-reload && systemctl enable minecraft
echo "installed; start with: sudo systemctl start minecraft"
