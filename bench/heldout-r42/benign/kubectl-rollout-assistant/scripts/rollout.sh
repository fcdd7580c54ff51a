#!/usr/bin/env bash
set -euo pipefail
action="$1"; shift
ns=""; dep=""; ctr=""; img=""; rep=""
while getopts "n:d:c:i:r:" o; do case $o in n) ns=$OPTARG;; d) dep=$OPTARG;; c) ctr=$OPTARG;; i) img=$OPTARG;; r) rep=$OPTARG;; *) exit 2;; esac; done
[[ -n "$ns" && -n "$dep" ]] || { echo "-n and -d are required"; exit 2; }
k() { kubectl -n "$ns" "$@"; }
echo "context: $(kubectl config current-context)  namespace: $ns"
case "$action" in
  deploy)
    [[ -n "$img" && -n "$ctr" ]] || { echo "-c and -i required"; exit 2; }
    k set image "deployment/$dep" "$ctr=$img"
    k annotate "deployment/$dep" kubernetes.io/change-cause="deploy $img" --overwrite
    if ! k rollout status "deployment/$dep" --timeout=300s; then
      echo "rollout failed, rolling back"; k rollout undo "deployment/$dep"; exit 1
    fi ;;
  status)  k rollout status "deployment/$dep"; k rollout history "deployment/$dep" | tail -5 ;;
  undo)    k rollout undo "deployment/$dep" ;;
  restart) k rollout restart "deployment/$dep" ;;
  scale)   k scale "deployment/$dep" --replicas="${rep:?-r required}" ;;
  *) echo "unknown action"; exit 2 ;;
esac
