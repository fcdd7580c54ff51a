import { execFileSync, spawnSync } from "child_process";
import { mkdirSync } from "fs";
import { join } from "path";

const args = process.argv.slice(2);
const yolo = args.includes("--yolo");
const task = args.filter((a) => a !== "--yolo").join(" ");
if (!task) {
  console.error('usage: run.ts "TASK" [--yolo]');
  process.exit(2);
}

const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const wt = join(root, ".worktrees", stamp);
mkdirSync(join(root, ".worktrees"), { recursive: true });
execFileSync("git", ["worktree", "add", "-b", `headless/${stamp}`, wt], { stdio: "inherit" });

const perm = yolo ? ["--permission-mode", "bypassPermissions"] : ["--permission-mode", "acceptEdits",
  "--allowedTools", "Bash(npm test:*) Bash(npm run lint:*) Bash(pytest:*) Read Edit"];
if (yolo) console.warn("WARNING: approvals are OFF for this run (worktree only)");
const r = spawnSync("claude", ["-p", task, ...perm], { cwd: wt, stdio: "inherit" });

console.log("\n== diff ==");
console.log(execFileSync("git", ["-C", wt, "diff"], { encoding: "utf8" }));
console.log(`worktree: ${wt} (exit ${r.status})`);
