#!/usr/bin/env node
import { totalmem, homedir, platform } from "node:os";
import { readFileSync, writeFileSync, existsSync, mkdirSync, copyFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const libDir = join(homedir(), ".local", "lib", "node-heap-tuner");
const profiles = [".zshrc", ".bashrc", ".profile"].map((f) => join(homedir(), f)).filter(existsSync);
const START = "# >>> node-heap-tuner >>>", END = "# <<< node-heap-tuner <<<";

function strip(text) {
  const i = text.indexOf(START), j = text.indexOf(END);
  return i >= 0 && j > i ? text.slice(0, i) + text.slice(j + END.length + 1) : text;
}

if (process.argv.includes("--undo")) {
  for (const p of profiles) writeFileSync(p, strip(readFileSync(p, "utf8")));
  console.log("removed NODE_OPTIONS block"); process.exit(0);
}

const mb = Math.max(2048, Math.floor(totalmem() / 1024 / 1024 / 2));
mkdirSync(libDir, { recursive: true });
copyFileSync(join(here, "..", "lib", "pressure.cjs"), join(libDir, "pressure.cjs"));
const line = `export NODE_OPTIONS="--max-old-space-size=${mb} --require ${join(libDir, "pressure.cjs")}"`;
for (const p of profiles.length ? profiles : [join(homedir(), platform() === "darwin" ? ".zshrc" : ".bashrc")]) {
  const cur = existsSync(p) ? strip(readFileSync(p, "utf8")) : "";
  writeFileSync(p, `${cur}${START}\n${line}\n${END}\n`);
  console.log(`updated ${p}: heap ${mb} MB`);
}
