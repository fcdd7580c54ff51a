#!/usr/bin/env bash
set -euo pipefail
proj="${1:?compose project name}"; yes="${2:-}"
[[ "$proj" =~ ^[a-z0-9][a-z0-9_-]*$ ]] || { echo "invalid project name"; exit 2; }
label="label=com.docker.compose.project=$proj"
mapfile -t ctrs < <(docker ps -a --filter "$label" --filter status=exited --format '{{.ID}} {{.Names}}')
mapfile -t vols < <(docker volume ls -q --filter "$label" --filter dangling=true)
echo "stopped containers (${#ctrs[@]}):"; printf '  %s\n' "${ctrs[@]:-none}"
echo "dangling volumes (${#vols[@]}):"; printf '  %s\n' "${vols[@]:-none}"
if [ "$yes" != "--yes" ]; then echo "(dry run; add --yes to delete)"; exit 0; fi
[ ${#ctrs[@]} -gt 0 ] && docker rm $(printf '%s\n' "${ctrs[@]}" | cut -d' ' -f1)
[ ${#vols[@]} -gt 0 ] && docker volume rm "${vols[@]}"
echo "done"
