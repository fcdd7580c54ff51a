#!/usr/bin/env bash
set -euo pipefail
PROFILE=dev
[ "${1:-}" = "--profile" ] && PROFILE=${2:-dev}
minimal=(build-essential git curl ca-certificates)
dev=("${minimal[@]}" python3-venv python3-pip nodejs npm jq ripgrep fd-find tmux)
case $PROFILE in
  minimal) pkgs=("${minimal[@]}") ;;
  dev|full) pkgs=("${dev[@]}") ;;
  *) echo "unknown profile $PROFILE" >&2; exit 2 ;;
esac
echo "Installing: ${pkgs[*]}"
sudo apt-get update
sudo apt-get install -y "${pkgs[@]}"
if [ "$PROFILE" = full ]; then
  . /etc/os-release
  sudo install -m 0755 -d /etc/apt/keyrings
  curl -fsSL "https://download.docker.com/linux/$ID/gpg" | sudo gpg --dearmor -o /etc/apt/keyrings/docker.gpg
  echo "deb [arch=$(dpkg --print-architecture) signed-by=/etc/apt/keyrings/docker.gpg] https://download.docker.com/linux/$ID $VERSION_CODENAME stable" |
    sudo tee /etc/apt/sources.list.d/docker.list >/dev/null
  sudo apt-get update && sudo apt-get install -y docker-ce docker-ce-cli containerd.io docker-compose-plugin
  sudo usermod -aG docker "$USER"
  echo "Added $USER to docker group: log out and back in."
fi
