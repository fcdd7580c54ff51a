import { EC2Client, DescribeSnapshotsCommand, DeleteSnapshotCommand, DescribeImagesCommand } from '@aws-sdk/client-ec2';
import { sweep } from './sweep.mjs';

const args = process.argv.slice(2);
const days = Number(args[args.indexOf('--days') + 1] || 90);
const apply = args.includes('--apply');
const ec2 = new EC2Client({});

const { Images } = await ec2.send(new DescribeImagesCommand({ Owners: ['self'] }));
const inUse = new Set(Images.flatMap((i) => i.BlockDeviceMappings.map((b) => b.Ebs?.SnapshotId)));
const { Snapshots } = await ec2.send(new DescribeSnapshotsCommand({ OwnerIds: ['self'] }));
const cutoff = Date.now() - days * 864e5;
const victims = Snapshots.filter((s) => new Date(s.StartTime) < cutoff && !inUse.has(s.SnapshotId));

for (const s of victims) {
  console.log(apply ? 'delete' : 'would delete', s.SnapshotId, s.StartTime);
  if (apply) await ec2.send(new DeleteSnapshotCommand({ SnapshotId: s.SnapshotId }));
}
await sweep(ec2, Snapshots);
