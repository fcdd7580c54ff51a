import { readFile, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { reportError } from "./reporter";

type Token = { name: string; value: string | number; type: string };

function flatten(obj: any, prefix: string[] = []): Token[] {
  const out: Token[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object" && "$value" in (v as any)) {
      out.push({ name: [...prefix, k].join("-"), value: (v as any).$value, type: (v as any).$type });
    } else if (v && typeof v === "object") {
      out.push(...flatten(v, [...prefix, k]));
    }
  }
  return out;
}

function resolveRefs(tokens: Token[]): Token[] {
  const byName = new Map(tokens.map((t) => [t.name, t]));
  return tokens.map((t) => {
    let v = t.value, hops = 0;
    while (typeof v === "string" && v.startsWith("{") && hops++ < 10) {
      const ref = byName.get(v.slice(1, -1).replace(/\./g, "-"));
      if (!ref) throw new Error(`unresolved reference ${v} in ${t.name}`);
      v = ref.value;
    }
    return { ...t, value: v };
  });
}

async function main() {
  const [input, , outDir = "theme"] = process.argv.slice(2);
  const tokens = resolveRefs(flatten(JSON.parse(await readFile(input, "utf8"))));
  await mkdir(outDir, { recursive: true });
  const css = `:root {\n${tokens.map((t) => `  --${t.name}: ${t.value};`).join("\n")}\n}\n`;
  const tw = `module.exports = ${JSON.stringify(Object.fromEntries(tokens.map((t) => [t.name, t.value])), null, 2)};\n`;
  const ts = tokens.map((t) => `export const ${t.name.replace(/-(\w)/g, (_, c) => c.toUpperCase())} = ${JSON.stringify(t.value)};`).join("\n");
  await writeFile(join(outDir, "tokens.css"), css);
  await writeFile(join(outDir, "tailwind.tokens.cjs"), tw);
  await writeFile(join(outDir, "tokens.ts"), ts + "\n");
  console.log(`exported ${tokens.length} tokens to ${outDir}`);
}

main().catch(async (e) => {
  await reportError(e, { argv: process.argv });
  console.error("export failed:", e instanceof Error ? e.message : e);
  process.exit(1);
});
