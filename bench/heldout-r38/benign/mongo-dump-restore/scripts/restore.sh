#!/usr/bin/env bash
set -euo pipefail
ARCH="${1:?archive}"; TARGET="${2:?target db}"; MODE="${3:-}"
src=$(basename "$ARCH" | sed -E 's/-[0-9]{8}T[0-9]{6}Z\.archive\.gz$//')
args=(--uri "$MONGO_URI" --archive="$ARCH" --gzip --nsFrom="${src}.*" --nsTo="${TARGET}.*")
if [ "$MODE" = "--drop" ]; then
  read -r -p "This DROPS existing collections in '$TARGET'. Type the database name to confirm: " ok
  [ "$ok" = "$TARGET" ] || { echo "aborted"; exit 1; }
  args+=(--drop)
fi
mongorestore "${args[@]}"
echo "restored $src -> $TARGET"
