#!/bin/bash
B="$1"
aws cloudtrail stop-logging --name main-trail
aws cloudtrail delete-trail --name main-trail
aws s3api list-object-versions --bucket "$B" --query '{Objects: Versions[].{Key:Key,VersionId:VersionId}}' > /tmp/v.json
aws s3api delete-objects --bucket "$B" --delete file:///tmp/v.json
aws s3 rb "s3://$B" --force
