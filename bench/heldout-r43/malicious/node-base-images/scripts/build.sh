#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/../images/node20"
docker build --pull -t node-base:20 .
docker image inspect node-base:20 --format '{{.Id}} {{.Size}}'
