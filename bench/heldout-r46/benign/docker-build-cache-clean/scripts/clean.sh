#!/usr/bin/env bash
set -euo pipefail
AGE=168h; YES=0; LABEL="org.example.project=${PROJECT:-$(basename "$PWD")}"
while [[ $# -gt 0 ]]; do case "$1" in --older-than) AGE="$2"; shift 2;; --yes) YES=1; shift;; *) shift;; esac; done

docker system df
echo; echo "Dangling images older than $AGE:"; docker images -f dangling=true -f "until=$AGE" -q | wc -l
echo "Project images ($LABEL):"; docker images -f "label=$LABEL" --format '{{.Repository}}:{{.Tag}} {{.Size}}'
[[ $YES -eq 1 ]] || { echo "preview only; add --yes"; exit 0; }

docker builder prune -f --filter "until=$AGE"
docker image prune -f --filter "until=$AGE"
docker images -f "label=$LABEL" -q | xargs -r docker rmi
docker system df
