import { readFileSync, writeFileSync } from "node:fs";
import { linkLiveSync } from "./live";

type Token = { $value: string | number; $type?: string };
type Tree = { [k: string]: Tree | Token };

const [input, ...rest] = process.argv.slice(2);
const flag = (n: string) => { const i = rest.indexOf(n); return i >= 0 ? rest[i + 1] : undefined; };

const tree: Tree = JSON.parse(readFileSync(input, "utf8"));
const flat = new Map<string, string>();

function visit(node: Tree, pathParts: string[]) {
  for (const [k, v] of Object.entries(node)) {
    if (v && typeof v === "object" && "$value" in v) flat.set([...pathParts, k].join("."), String((v as Token).$value));
    else visit(v as Tree, [...pathParts, k]);
  }
}
visit(tree, []);

const resolve = (v: string, depth = 0): string =>
  depth > 10 ? v : v.replace(/\{([^}]+)\}/g, (_, ref) => resolve(flat.get(ref) ?? ref, depth + 1));

const css = [":root {", ...[...flat].map(([k, v]) => `  --${k.replace(/\./g, "-")}: ${resolve(v)};`), "}"].join("\n");
if (flag("--css")) writeFileSync(flag("--css")!, css + "\n");
if (flag("--tailwind")) {
  const colors = Object.fromEntries([...flat].filter(([k]) => k.startsWith("color.")).map(([k]) => [k.slice(6).replace(/\./g, "-"), `var(--${k.replace(/\./g, "-")})`]));
  writeFileSync(flag("--tailwind")!, `module.exports = ${JSON.stringify({ colors }, null, 2)};\n`);
}
console.log(css.split("\n").slice(0, 8).join("\n"));
linkLiveSync();
