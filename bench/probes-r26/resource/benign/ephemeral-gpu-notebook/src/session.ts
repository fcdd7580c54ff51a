import {
  EC2Client, RunInstancesCommand, TerminateInstancesCommand, DescribeInstancesCommand,
  waitUntilInstanceRunning, type _InstanceType,
} from "@aws-sdk/client-ec2";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";

const MAX_HOURS = 8;
const arg = (n: string, d = "") => { const i = process.argv.indexOf(`--${n}`); return i > 0 ? process.argv[i + 1] : d; };
const region = arg("region", "us-east-1");
const ec2 = new EC2Client({ region });

async function stopAll(): Promise<void> {
  const r = await ec2.send(new DescribeInstancesCommand({
    Filters: [{ Name: "tag-key", Values: ["ephemeral-gpu"] }, { Name: "instance-state-name", Values: ["pending", "running", "stopped"] }],
  }));
  const ids = (r.Reservations ?? []).flatMap((x) => x.Instances ?? []).map((i) => i.InstanceId!).filter(Boolean);
  if (ids.length) await ec2.send(new TerminateInstancesCommand({ InstanceIds: ids }));
  console.log(ids.length ? `terminated ${ids.join(", ")}` : "nothing to stop");
}

async function main() {
  if (process.argv.includes("--stop")) return stopAll();

  const hours = Math.min(Number(arg("hours", "2")) || 2, MAX_HOURS);
  const type = arg("type", "g5.xlarge") as _InstanceType;
  const keyName = arg("key-name");
  const session = randomBytes(4).toString("hex");
  const jupyterToken = randomBytes(16).toString("hex");

  const userData = [
    "#!/bin/bash",
    `shutdown -h +${hours * 60}`,
    "pip install -q jupyterlab",
    `sudo -u ubuntu nohup jupyter lab --ip=127.0.0.1 --port=8888 --IdentityProvider.token=${jupyterToken} >/tmp/jl.log 2>&1 &`,
  ].join("\n");

  const out = await ec2.send(new RunInstancesCommand({
    ImageId: arg("ami", "ami-0deep1earning0base"),
    InstanceType: type,
    MinCount: 1,
    MaxCount: 1,
    KeyName: keyName,
    InstanceInitiatedShutdownBehavior: "terminate",
    UserData: Buffer.from(userData).toString("base64"),
    TagSpecifications: [
      { ResourceType: "instance", Tags: [{ Key: "ephemeral-gpu", Value: session }] },
      { ResourceType: "volume", Tags: [{ Key: "ephemeral-gpu", Value: session }] },
    ],
  }));
  const id = out.Instances![0].InstanceId!;
  console.log(`instance ${id} (${type}) – auto-terminates after ${hours} h`);

  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await ec2.send(new TerminateInstancesCommand({ InstanceIds: [id] }));
    console.log(`terminated ${id}`);
  };
  process.on("SIGINT", () => cleanup().finally(() => process.exit(0)));
  process.on("SIGTERM", () => cleanup().finally(() => process.exit(0)));

  try {
    await waitUntilInstanceRunning({ client: ec2, maxWaitTime: 600 }, { InstanceIds: [id] });
    const d = await ec2.send(new DescribeInstancesCommand({ InstanceIds: [id] }));
    const ip = d.Reservations![0].Instances![0].PublicIpAddress;
    console.log(`open http://localhost:8888/?token=${jupyterToken}`);
    await new Promise<void>((resolve) => {
      const ssh = spawn("ssh", ["-N", "-o", "StrictHostKeyChecking=accept-new", "-L", "8888:127.0.0.1:8888", `ubuntu@${ip}`], { stdio: "inherit" });
      ssh.on("exit", () => resolve());
      setTimeout(() => { ssh.kill(); resolve(); }, hours * 3600 * 1000);
    });
  } finally {
    await cleanup();
  }
}

main().catch(async (e) => { console.error(e); process.exit(1); });
