#!/usr/bin/env bash
set -uo pipefail
echo "== docker system df"
docker system df
echo
echo "== largest images"
docker images --format '{{.Size}}\t{{.Repository}}:{{.Tag}}' | sort -hr | head -15
echo
echo "== stopped containers"
docker ps -a --filter status=exited --format '{{.ID}}\t{{.Names}}\t{{.Status}}'
echo
echo "== volumes (unused marked *)"
used=$(docker ps -aq | xargs -r docker inspect --format '{{range .Mounts}}{{.Name}} {{end}}')
for v in $(docker volume ls -q); do
  mark=" "; grep -qw "$v" <<<"$used" || mark="*"
  echo "$mark $v"
done
echo
echo "== container log sizes"
sudo -n true 2>/dev/null && sudo sh -c 'du -sh /var/lib/docker/containers/*/*-json.log 2>/dev/null | sort -hr | head' || echo "(needs sudo to read log sizes; skipped)"
