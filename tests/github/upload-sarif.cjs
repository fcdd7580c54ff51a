// Runs github/codeql-action's own upload-sarif processing (its compiled
// lib/upload-lib.js) on SARIF files, with only the HTTP upload stubbed (the
// action's own CODEQL_ACTION_SKIP_SARIF_UPLOAD switch, which writes the
// payload to a file instead of sending it).
//
//   node upload-sarif.cjs --lib codeql-action/lib/upload-lib.js \
//        --checkout REPO [--category CAT] FILE.sarif...
//
// upload-lib.js reads ../src/sarif-schema-2.1.0.json next to it, as in the
// action's repository. For each file: schema validation, fingerprints
// (partialFingerprints.primaryLocationLineHash from the files under
// --checkout), category (runs[].automationDetails.id), the unique-category
// check, and the payload. Prints what the action logs at info level and up,
// then one summary line per file. Exit 1 when a file is refused.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const zlib = require("node:zlib");

const argv = process.argv.slice(2);
const take = (k) => {
  const i = argv.indexOf(k);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  argv.splice(i, 2);
  return v;
};
const lib = path.resolve(take("--lib"));
const checkout = path.resolve(take("--checkout"));
const category = take("--category");
// --same-job: the files are uploaded by one job, one after the other (the
// action refuses a category already uploaded in the job). FILE=CATEGORY
// gives one file its own category.
const sameJob = argv.includes("--same-job");
const files = argv
  .filter((a) => a !== "--same-job")
  .map((a) => {
    const eq = a.lastIndexOf("=");
    return eq > 0 ? { file: path.resolve(a.slice(0, eq)), category: a.slice(eq + 1) } : { file: path.resolve(a), category };
  });

// Any request the library makes goes to this local stub (none is expected:
// github.com needs no version request and the upload itself is skipped).
const http = require("node:http");
const requests = [];
const stub = http.createServer((req, res) => {
  requests.push(`${req.method} ${req.url}`);
  res.writeHead(404, { "content-type": "application/json" });
  res.end("{}");
});

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "upload-sarif-"));
Object.assign(process.env, {
  CODEQL_ACTION_SKIP_SARIF_UPLOAD: "true",
  CODEQL_ACTION_TEMP: tmp,
  CODEQL_ACTION_ANALYSIS_KEY: ".github/workflows/skillscan.yml:scan",
  GITHUB_SERVER_URL: "https://github.com",
  INPUT_TOKEN: "unused",
  GITHUB_REPOSITORY: "skillscan/skillscan",
  GITHUB_WORKFLOW: "skillscan",
  GITHUB_JOB: "scan",
  GITHUB_RUN_ID: "1",
  GITHUB_RUN_ATTEMPT: "1",
  GITHUB_EVENT_NAME: "push",
  GITHUB_REF: "refs/heads/main",
  GITHUB_SHA: "0".repeat(40),
  GITHUB_WORKSPACE: checkout,
  RUNNER_TEMP: tmp,
  INPUT_MATRIX: "null",
});
const upload = require(lib);

const lines = [];
const log = (level) => (m) => lines.push(`${level}: ${m}`);
const logger = {
  // Debug lines that say a result was left without a fingerprint.
  debug: (m) => /Unable to compute|does not exist|outside|not a file/i.test(m) && !/Diff ranges/.test(m) && lines.push(`warning (debug): ${m}`),
  info: log("info"),
  warning: log("warning"),
  error: log("error"),
  isDebug: () => false,
  startGroup() {},
  endGroup() {},
};
const features = { getValue: async () => false };
// The action's CodeScanning analysis configuration (src/analyses.ts).
const CodeScanning = {
  kind: "code-scanning",
  name: "code scanning",
  target: "PUT /repos/:owner/:repo/code-scanning/analysis",
  sarifExtension: ".sarif",
  sarifPredicate: (name) => name.endsWith(".sarif") && !name.endsWith(".quality.sarif") && !name.endsWith(".csra.sarif"),
  fixCategory: (_, c) => c,
  sentinelPrefix: "CODEQL_UPLOAD_SARIF_",
  transformPayload: (p) => p,
};

(async () => {
  await new Promise((ok) => stub.listen(0, "127.0.0.1", ok));
  process.env.GITHUB_API_URL = `http://127.0.0.1:${stub.address().port}`;
  let failed = 0;
  for (const { file: f, category: cat } of files) {
    lines.length = 0;
    // Each file is its own job unless --same-job: the unique-category sentinels start afresh.
    if (!sameJob) for (const k of Object.keys(process.env)) if (k.startsWith("CODEQL_UPLOAD_SARIF_")) delete process.env[k];
    let summary;
    try {
      const r = await upload.uploadFiles(f, checkout, cat, features, logger, CodeScanning);
      const payload = JSON.parse(fs.readFileSync(path.join(tmp, "payload-code-scanning.json"), "utf8"));
      const sarif = JSON.parse(zlib.gunzipSync(Buffer.from(payload.sarif, "base64")).toString("utf8"));
      let results = 0, hashed = 0, dup = 0;
      const ids = new Set();
      const own = new Set();
      for (const run of sarif.runs ?? []) {
        ids.add(run.automationDetails?.id);
        for (const res of run.results ?? []) {
          results += 1;
          if (res.partialFingerprints?.primaryLocationLineHash) hashed += 1;
          // skillscan's own fingerprint must be unique within a file (--baseline, alert identity).
          const key = res.partialFingerprints?.["skillscan/v1"];
          if (key !== undefined && own.has(key)) dup += 1;
          own.add(key);
        }
      }
      if (dup) failed += 1;
      summary = `accepted: ${results} results, ${hashed} with primaryLocationLineHash, ${dup} duplicate skillscan/v1, category ${[...ids].join(",")}, tools ${payload.tool_names.join(",")}, ${r.statusReport.zipped_upload_size_bytes} bytes zipped`;
    } catch (e) {
      failed += 1;
      summary = `REFUSED: ${e.message}`;
      if (process.env.UPLOAD_SARIF_DEBUG) console.error(e.stack);
    }
    const warnings = lines.filter((l) => l.startsWith("warning") || l.startsWith("error") || /Warning:|Unable/.test(l));
    console.log(`${path.relative(process.cwd(), f)}: ${summary}`);
    for (const w of warnings) console.log(`  ${w}`);
  }
  console.log(`HTTP requests made: ${requests.length ? requests.join(", ") : "none"}`);
  stub.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
})();
