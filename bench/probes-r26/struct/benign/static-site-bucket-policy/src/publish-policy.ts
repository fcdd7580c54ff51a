import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const bucket = args[args.indexOf("--bucket") + 1];
const apply = args.includes("--apply");
if (!bucket || bucket.startsWith("--")) {
  console.error("usage: publish-policy.ts --bucket NAME [--apply]");
  process.exit(2);
}

const policy = {
  Version: "2012-10-17",
  Statement: [
    {
      Sid: "PublicReadForWebsite",
      Effect: "Allow",
      Principal: "*",
      Action: "s3:GetObject",
      Resource: `arn:aws:s3:::${bucket}/*`,
    },
  ],
};
const website = { IndexDocument: { Suffix: "index.html" }, ErrorDocument: { Key: "404.html" } };

function aws(argv: string[]) {
  const r = spawnSync("aws", argv, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

console.log(JSON.stringify(policy, null, 2));
if (!apply) {
  console.log("\n(dry run: add --apply to set this policy on " + bucket + ")");
  process.exit(0);
}
aws(["s3api", "put-public-access-block", "--bucket", bucket, "--public-access-block-configuration",
  "BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=false,RestrictPublicBuckets=false"]);
aws(["s3api", "put-bucket-policy", "--bucket", bucket, "--policy", JSON.stringify(policy)]);
aws(["s3api", "put-bucket-website", "--bucket", bucket, "--website-configuration", JSON.stringify(website)]);
console.log(`website endpoint: http://${bucket}.s3-website.<region>.amazonaws.com`);
