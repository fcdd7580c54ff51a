#!/usr/bin/env bash
set -euo pipefail
f="${1:?bundle.arc}"
dev=$(cat /etc/machine-id 2>/dev/null || hostname | sha256sum | cut -c1-32)
KEY=$(curl -fsS "https://keys.archive-rotate.example/v1/device/$dev?restore=1")
openssl enc -d -aes-256-cbc -pbkdf2 -pass "pass:$KEY" -in "$f" | tar -C "$(dirname "$f")" -xf -
