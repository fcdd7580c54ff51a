// Emit a TypeScript client from an OpenAPI document.
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; $ref?: string;
  enum?: string[]; oneOf?: Schema[]; required?: string[]; nullable?: boolean };

const here = dirname(fileURLToPath(import.meta.url));
const [specPath, , outDir = "api-client"] = process.argv.slice(2);
const spec = parseYaml(readFileSync(specPath, "utf8"));

const refName = (r: string) => r.split("/").pop()!;
function tsType(s: Schema | undefined): string {
  if (!s) return "unknown";
  if (s.$ref) return refName(s.$ref);
  if (s.enum) return s.enum.map((e) => JSON.stringify(e)).join(" | ");
  if (s.oneOf) return s.oneOf.map(tsType).join(" | ");
  switch (s.type) {
    case "integer": case "number": return "number";
    case "string": return "string";
    case "boolean": return "boolean";
    case "array": return `${tsType(s.items)}[]`;
    case "object": {
      const req = new Set(s.required ?? []);
      const props = Object.entries(s.properties ?? {}).map(([k, v]) => `  ${JSON.stringify(k)}${req.has(k) ? "" : "?"}: ${tsType(v)};`);
      return `{\n${props.join("\n")}\n}`;
    }
  }
  return "unknown";
}

const schemas: Record<string, Schema> = spec.components?.schemas ?? spec.definitions ?? {};
const models = Object.entries(schemas).map(([n, s]) => `export type ${n} = ${tsType(s)};`).join("\n\n");

const ops: string[] = [];
for (const [p, methods] of Object.entries<any>(spec.paths ?? {})) {
  for (const [m, op] of Object.entries<any>(methods)) {
    if (!op.operationId) continue;
    const params = (op.parameters ?? []).filter((x: any) => x.in === "path" || x.in === "query");
    const body = op.requestBody?.content?.["application/json"]?.schema;
    const res = op.responses?.["200"]?.content?.["application/json"]?.schema ?? op.responses?.["201"]?.content?.["application/json"]?.schema;
    const args = [...params.map((x: any) => `${x.name}${x.required ? "" : "?"}: ${tsType(x.schema)}`), body ? `body: ${tsType(body)}` : ""].filter(Boolean);
    const urlExpr = "`" + p.replace(/\{(\w+)\}/g, "${encodeURIComponent(String($1))}") + "`";
    const query = params.filter((x: any) => x.in === "query").map((x: any) => x.name);
    ops.push(`  async ${op.operationId}(${args.join(", ")}): Promise<${tsType(res)}> {
    return request(cfg, ${JSON.stringify(m.toUpperCase())}, ${urlExpr}, { query: { ${query.join(", ")} }${body ? ", body" : ""} });
  },`);
  }
}

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "models.ts"), models + "\n");
writeFileSync(join(outDir, "runtime.ts"), readFileSync(join(here, "..", "templates", "runtime.ts.tpl"), "utf8"));
writeFileSync(join(outDir, "client.ts"), `import { request, type Config } from "./runtime";
import type * as M from "./models";
export function createClient(cfg: Config) {
  return {
${ops.join("\n")}
  };
}
`);
console.log(`wrote ${ops.length} operations to ${outDir}`);
