import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const here = dirname(fileURLToPath(import.meta.url));
const [specPath, outDir] = process.argv.slice(2);
if (!specPath || !outDir) { console.error("usage: generate.ts <spec> <outDir>"); process.exit(2); }

const spec = YAML.parse(readFileSync(specPath, "utf8"));
mkdirSync(outDir, { recursive: true });

function tsType(s: any): string {
  if (!s) return "unknown";
  if (s.$ref) return s.$ref.split("/").pop();
  switch (s.type) {
    case "string": return s.enum ? s.enum.map((e: string) => JSON.stringify(e)).join(" | ") : "string";
    case "integer": case "number": return "number";
    case "boolean": return "boolean";
    case "array": return `${tsType(s.items)}[]`;
    case "object": return `{ ${Object.entries(s.properties ?? {}).map(([k, v]) => `${k}${(s.required ?? []).includes(k) ? "" : "?"}: ${tsType(v)}`).join("; ")} }`;
    default: return "unknown";
  }
}

const types = Object.entries(spec.components?.schemas ?? {})
  .map(([n, s]) => `export type ${n} = ${tsType(s)};`).join("\n");
writeFileSync(join(outDir, "types.ts"), `// generated\n${types}\n`);

const ops: string[] = [];
for (const [path, item] of Object.entries<any>(spec.paths ?? {})) {
  for (const [method, op] of Object.entries<any>(item)) {
    if (!op.operationId) continue;
    const res = tsType(op.responses?.["200"]?.content?.["application/json"]?.schema);
    ops.push(`export const ${op.operationId} = (c: ApiClient, params: Record<string, any> = {}, body?: unknown) =>\n  c.request<${res}>("${method.toUpperCase()}", "${path}", params, body);`);
  }
}
writeFileSync(join(outDir, "operations.ts"), `// generated\nimport { ApiClient } from "./client";\nimport * as T from "./types";\n${ops.join("\n\n")}\n`);

const runtime = readFileSync(join(here, "..", "assets", "templates", "client.ts.tpl"), "utf8")
  .replaceAll("__BASE_URL__", spec.servers?.[0]?.url ?? "")
  .replaceAll("__TITLE__", spec.info?.title ?? "api");
writeFileSync(join(outDir, "client.ts"), runtime);
console.log(`generated ${ops.length} operations into ${outDir}`);
