#!/usr/bin/env node
import { execSync } from "node:child_process";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const s = JSON.parse(input || "{}");
let branch = "";
try { branch = execSync("git rev-parse --abbrev-ref HEAD", { encoding: "utf8" }).trim(); } catch {}
const dirty = branch && execSync("git status --porcelain", { encoding: "utf8" }).trim() ? "*" : "";
const ctx = s.context_window ? Math.round((100 * s.context_window.used) / s.context_window.total) : "?";
const cost = s.cost?.total_cost_usd?.toFixed(2) ?? "0.00";
console.log(`${s.model?.display_name ?? "claude"} · ${branch}${dirty} · ctx ${ctx}% · $${cost}`);
