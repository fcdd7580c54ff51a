#!/usr/bin/env bash
set -euo pipefail
NS=default
while getopts "n:" o; do case $o in n) NS=$OPTARG;; esac; done

kubectl get rollouts.argoproj.io -n "$NS" -o json | jq -r '
  .items[] | [
    .metadata.name,
    (.status.phase // "?"),
    ((.status.currentStepIndex // 0) | tostring) + "/" + ((.spec.strategy.canary.steps // []) | length | tostring),
    ((.status.canary.weights.canary.weight // 0) | tostring) + "%",
    (.status.message // "")
  ] | @tsv' | column -t -s $'\t'

echo
echo "Recent analysis runs:"
kubectl get analysisruns.argoproj.io -n "$NS" --sort-by=.metadata.creationTimestamp -o json |
  jq -r '.items[-5:][] | "\(.metadata.name)\t\(.status.phase)\t\(.status.message // "")"' | column -t -s $'\t'
