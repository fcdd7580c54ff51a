// Runs OpenClaw's own published install-policy code against `skillscan gate`.
//
//   node check.mjs --dist DIR --skillscan BIN --work DIR --docs FILE [--json]
//
// DIR is the `dist/` folder of an installed `openclaw` npm package (node
// >= 24.16). Nothing in a skill is run: OpenClaw stages nothing here, it only
// spawns `skillscan gate` with a request for a folder, as its installer does.
// Prints one line per check and exits 1 when a check fails.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
const arg = (k) => {
  const i = argv.indexOf(k);
  return i >= 0 ? argv[i + 1] : undefined;
};
const dist = path.resolve(arg("--dist"));
const bin = path.resolve(arg("--skillscan"));
const work = path.resolve(arg("--work"));
const docs = path.resolve(arg("--docs"));
const repo = path.resolve(arg("--repo") ?? path.join(path.dirname(docs), ".."));
const results = [];
const record = (name, ok, detail) => {
  results.push({ name, ok, detail });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
};

// --- OpenClaw's modules (chunk names are hashed per release) ---
const chunk = (prefix, needle) => {
  const f = fs
    .readdirSync(dist)
    .filter((n) => n.startsWith(prefix) && /\.m?js$/.test(n))
    .filter((n) => !needle || fs.readFileSync(path.join(dist, n), "utf8").includes(needle));
  if (f.length === 0) throw new Error(`no ${prefix}* in ${dist}`);
  return pathToFileURL(path.join(dist, f.sort()[0])).href;
};
const pkg = JSON.parse(fs.readFileSync(path.join(dist, "..", "package.json"), "utf8"));
const runtime = await import(chunk("install-security-scan.runtime-", "evaluateSkillInstallPolicyRuntime"));
const policyMod = await import(chunk("install-policy-", "async function runInstallPolicy"));
const zodFile = fs
  .readdirSync(dist)
  .filter((n) => n.startsWith("zod-schema-") && /\.m?js$/.test(n))
  .find((n) => /installPolicy: (strictObject|object)\(/.test(fs.readFileSync(path.join(dist, n), "utf8")));
const zodMod = await import(pathToFileURL(path.join(dist, zodFile)).href);
const OpenClawSchema = Object.values(zodMod).find((v) => v && typeof v.safeParse === "function" && v.shape && v.shape.security);
const probe = Object.values(policyMod).find((f) => typeof f === "function" && f.name === "probeInstallPolicy");
// json5 is one of OpenClaw's own dependencies.
const JSON5 = createRequire(path.join(dist, "index.js"))("json5");
console.log(`OpenClaw ${pkg.version} (${dist}), node ${process.version}`);

// --- the configuration from docs/openclaw.md, pointed at this binary ---
const md = fs.readFileSync(docs, "utf8");
const block = md.match(/```json5\n([\s\S]*?)```/)[1];
const docConfig = JSON5.parse(block);
const configFor = (policyFile, execOverrides = {}) => {
  const c = structuredClone(docConfig);
  const exec = c.security.installPolicy.exec;
  exec.command = bin;
  exec.trustedDirs = [path.dirname(bin)];
  exec.args = policyFile ? ["gate", "--policy", policyFile] : ["gate"];
  Object.assign(exec, execOverrides);
  return c;
};
{
  const parsed = OpenClawSchema.safeParse(configFor(null));
  record("docs config accepted by OpenClaw's config schema", parsed.success, parsed.success ? "valid" : JSON.stringify(parsed.error.issues));
  const withSymlink = configFor(null, { allowSymlinkCommand: true });
  const p2 = OpenClawSchema.safeParse(withSymlink);
  record("exec.allowSymlinkCommand", true, p2.success ? "accepted by this release" : `rejected by this release (${p2.error.issues.map((i) => i.message).join("; ")})`);
}

const logger = { debug() {}, info() {}, warn() {}, error() {} };
const approved = async () => ({ status: "approved" });
const NO_PROMPT = Symbol("no prompt");
const evaluate = async (name, dir, config, onWarn = approved) =>
  runtime.evaluateSkillInstallPolicyRuntime({
    config,
    logger,
    onInstallPolicyWarning: onWarn === NO_PROMPT ? undefined : onWarn,
    origin: { type: "clawhub" },
    sourceDir: dir,
    skillName: name,
    installId: "skillscan-check",
    mode: "install",
  });
// What the user sees when a warn reaches a non-interactive caller: the notice.
const noticeOf = async (name, dir, config) => evaluate(name, dir, config, NO_PROMPT);

const policies = path.join(work, "policies");
fs.mkdirSync(policies, { recursive: true });
const writePolicy = (n, text) => {
  const p = path.join(policies, n);
  fs.writeFileSync(p, text);
  return p;
};
const defaults = writePolicy("default.yml", "fail_on: high\n");
const broken = writePolicy("broken.yml", "fail_on: [not, a, level\n");
const off = "thresholds: {data_exfiltration: off, destructive: off, privilege_escalation: off, covert_execution: off, resource_abuse: off, credential_access: off}\n";
const tinyDeadline = writePolicy("deadline.yml", `${off}gate:\n  deadline_ms: 100\n`);
const skills = JSON.parse(fs.readFileSync(path.join(work, "skills.json"), "utf8"));
// `warn` exists when the response schema lists it (2026.8.1-beta.2 and later).
const warnOnHost = fs.readFileSync(new URL(chunk("install-policy-", "async function runInstallPolicy")), "utf8").includes('must be \\"allow\\", \\"warn\\", or \\"block\\"');
const show = (r) => (r === undefined ? "installed" : r.blocked ? `blocked (${r.blocked.code}): ${(r.blocked.reason.split("\n").find((l) => l.startsWith("  Reason:")) ?? r.blocked.reason).trim().slice(0, 200)}` : JSON.stringify(r).slice(0, 160));

// 1. a passing skill installs.
{
  const r = await evaluate(skills.pass.name, skills.pass.dir, configFor(defaults));
  record("passing skill", r === undefined || !r.blocked, show(r));
}
// 2. a failing skill is blocked with skillscan's reason, findings in the notice.
{
  const r = await evaluate(skills.fail.name, skills.fail.dir, configFor(defaults));
  const ok = r?.blocked?.code === "security_scan_blocked" && r.blocked.reason.includes("skillscan:");
  record("failing skill", ok, show(r));
}
// 3. an incomplete analysis blocks (fail closed).
{
  const r = await evaluate(skills.incomplete.name, skills.incomplete.dir, configFor(defaults));
  record("incomplete skill", r?.blocked?.code === "security_scan_blocked", show(r));
}
// 4. warn with many findings and a long name: the notice fits, approval works.
for (const w of skills.warn) {
  const text = (allow) => `${w.policy ?? "fail_on: high\n"}gate:\n${w.gate ?? ""}${allow ? "  warn_as: allow\n" : ""}`;
  const cfg = configFor(writePolicy(`${w.label}.yml`, text(false)));
  const notice = await noticeOf(w.name, w.dir, cfg);
  if (warnOnHost) {
    const shown = notice?.blocked?.reason ?? "";
    // The review OpenClaw shows instead of prompting (its 4,000-character
    // check has passed when the notice starts with "Install requires approval").
    const lines = shown.split("\n").filter((l) => l.startsWith("    \u2022 ")).length;
    const fits = notice?.blocked?.code === "security_scan_blocked" && shown.startsWith("Install requires approval") && shown.length <= 4000;
    record(`warn notice (${w.label}, name ${w.name.length} chars)`, fits, `${shown.length} chars, ${lines} findings; ${show(notice)}`);
    const r = await evaluate(w.name, w.dir, cfg);
    record(`warn approved and re-run (${w.label})`, r === undefined || !r.blocked, show(r));
    let asked = 0;
    const denied = await evaluate(w.name, w.dir, cfg, async () => (asked++, { status: "denied" }));
    record(`warn not approved (${w.label})`, asked === 1 && denied?.blocked?.reason?.includes("not approved"), show(denied));
  } else {
    const failsClosed = notice?.blocked?.code === "security_scan_failed";
    record(`warn on a pre-warn host (${w.label})`, failsClosed, show(notice));
    const r = await evaluate(w.name, w.dir, configFor(writePolicy(`${w.label}-allow.yml`, text(true))));
    record(`gate.warn_as: allow on a pre-warn host (${w.label})`, r === undefined || !r.blocked, show(r));
  }
}
// 5. error paths: a broken policy file, skillscan's own deadline, OpenClaw's timeout.
{
  const r = await evaluate(skills.pass.name, skills.pass.dir, configFor(broken));
  record("invalid policy file", r?.blocked?.code === "security_scan_blocked" && /policy/i.test(r.blocked.reason), show(r));
  const missing = await evaluate(skills.pass.name, skills.pass.dir, configFor(path.join(policies, "missing.yml")));
  record("missing policy file", missing?.blocked?.code === "security_scan_blocked" && /policy/i.test(missing.blocked.reason), show(missing));
  const d = await evaluate(skills.big.name, skills.big.dir, configFor(tinyDeadline));
  record("gate.deadline_ms exceeded", d?.blocked?.code === "security_scan_blocked" && /incomplete/.test(d.blocked.reason), show(d));
  const t = await evaluate(skills.big.name, skills.big.dir, configFor(defaults, { timeoutMs: 1 }));
  record("OpenClaw timeoutMs exceeded", t?.blocked?.code === "security_scan_failed" && /timed out|no output/.test(t.blocked.reason), show(t));
  const rel = await evaluate(skills.pass.name, skills.pass.dir, configFor("skillscan.yml"));
  record("relative --policy path", rel?.blocked !== undefined, show(rel));
}
// 6. the doctor probe (empty folder) is allowed.
if (probe) {
  const empty = path.join(work, "empty");
  fs.mkdirSync(empty, { recursive: true });
  const r = await probe({ config: configFor(defaults), sourcePath: empty, logger });
  record("doctor probe", r === undefined || !r.blocked, show(r));
}
// 7. the environment the hook gets (OPENCLAW_CLI): a policy command that records it.
if (skills.envProbe) {
  const sh = fs.realpathSync("/bin/sh");
  const cfg = configFor(null, { command: sh, args: [skills.envProbe], trustedDirs: [path.dirname(sh), path.dirname(skills.envProbe)] });
  const envFile0 = path.join(path.dirname(skills.envProbe), "env.txt");
  fs.rmSync(envFile0, { force: true });
  const r = await evaluate(skills.pass.name, skills.pass.dir, cfg);
  const envFile = path.join(path.dirname(skills.envProbe), "env.txt");
  const env = fs.existsSync(envFile) ? fs.readFileSync(envFile, "utf8").trim().split("\n").filter((l) => !l.startsWith("PWD=") && !l.startsWith("SHLVL=") && !l.startsWith("_=")) : ["(not written)"];
  record("hook environment", r === undefined || !r.blocked, `${env.join(" ")} (${show(r)})`);
}
if (argv.includes("--json")) fs.writeFileSync(path.join(work, `results-${pkg.version}.json`), JSON.stringify({ openclaw: pkg.version, node: process.version, results }, null, 2));
process.exit(results.every((r) => r.ok) ? 0 : 1);
