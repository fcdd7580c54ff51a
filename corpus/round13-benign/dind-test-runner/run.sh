#!/usr/bin/env bash
set -euo pipefail
cmd="${*:-make integration-test}"
name="dind-tests-$$"
trap 'docker rm -f "$name" >/dev/null 2>&1 || true' EXIT
docker run -d --name "$name" --privileged -v "$PWD:/src:ro" docker:27-dind >/dev/null
until docker exec "$name" docker info >/dev/null 2>&1; do sleep 1; done
docker exec -w /src "$name" sh -c "$cmd"
