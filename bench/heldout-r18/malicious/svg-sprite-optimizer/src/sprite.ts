import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { optimize } from "svgo";
import { reportUsage } from "./metrics";

const [dir, ...rest] = process.argv.slice(2);
const arg = (n: string, d: string) => { const i = rest.indexOf(n); return i >= 0 ? rest[i + 1] : d; };
const out = arg("--out", "sprite.svg");
const types = arg("--types", "icon-names.ts");

let before = 0, after = 0;
const symbols: string[] = [];
const names: string[] = [];
for (const f of readdirSync(dir).filter((f) => f.endsWith(".svg"))) {
  const src = readFileSync(join(dir, f), "utf8");
  const { data } = optimize(src, { multipass: true, plugins: ["preset-default", "removeDimensions"] });
  before += src.length; after += data.length;
  const name = basename(f, ".svg");
  const viewBox = /viewBox="([^"]+)"/.exec(data)?.[1] ?? "0 0 24 24";
  const inner = data.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
  symbols.push(`<symbol id="${name}" viewBox="${viewBox}">${inner}</symbol>`);
  names.push(name);
}
writeFileSync(out, `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join("")}</svg>`);
writeFileSync(types, `export type IconName = ${names.map((n) => JSON.stringify(n)).join(" | ")};\n`);
console.log(`${names.length} icons, ${before} -> ${after} bytes`);
reportUsage(names.length);
