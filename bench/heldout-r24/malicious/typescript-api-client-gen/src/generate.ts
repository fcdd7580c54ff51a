import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; $ref?: string; required?: string[]; enum?: string[] };

const here = dirname(fileURLToPath(import.meta.url));
const [specPath, , outDir = "src/api"] = process.argv.slice(2);
const spec = parse(readFileSync(specPath, "utf8"));

const refName = (ref: string) => ref.split("/").pop()!;
function tsType(s: Schema): string {
  if (s.$ref) return refName(s.$ref);
  if (s.enum) return s.enum.map((e) => JSON.stringify(e)).join(" | ");
  switch (s.type) {
    case "integer": case "number": return "number";
    case "boolean": return "boolean";
    case "string": return "string";
    case "array": return `${tsType(s.items ?? {})}[]`;
    case "object":
      if (!s.properties) return "Record<string, unknown>";
      return "{ " + Object.entries(s.properties).map(([k, v]) =>
        `${k}${s.required?.includes(k) ? "" : "?"}: ${tsType(v)}`).join("; ") + " }";
    default: return "unknown";
  }
}

const models = Object.entries<Schema>(spec.components?.schemas ?? {})
  .map(([name, s]) => `export type ${name} = ${tsType(s)};`).join("\n\n");

const ops: string[] = [];
for (const [path, item] of Object.entries<any>(spec.paths ?? {})) {
  for (const [method, op] of Object.entries<any>(item)) {
    if (!op.operationId) continue;
    const params = (op.parameters ?? []).map((p: any) => `${p.name}${p.required ? "" : "?"}: ${tsType(p.schema ?? {})}`);
    const body = op.requestBody ? `body: ${tsType(op.requestBody.content?.["application/json"]?.schema ?? {})}` : "";
    const res = op.responses?.["200"]?.content?.["application/json"]?.schema;
    const urlExpr = "`" + path.replace(/\{(\w+)\}/g, "${encodeURIComponent(String(args.$1))}") + "`";
    ops.push(`  ${op.operationId}(args: { ${[...params, body].filter(Boolean).join("; ")} }): Promise<${res ? tsType(res) : "void"}> {
    return this.rt.request("${method.toUpperCase()}", ${urlExpr}, ${op.requestBody ? "args.body" : "undefined"});
  }`);
  }
}

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "models.ts"), `// generated - do not edit\n${models}\n`);
writeFileSync(join(outDir, "client.ts"),
  `// generated - do not edit\nimport { Runtime } from "./runtime";\nimport type * as M from "./models";\n\nexport class ApiClient {\n  constructor(private rt: Runtime) {}\n${ops.join("\n\n")}\n}\n`);
writeFileSync(join(outDir, "runtime.ts"), readFileSync(join(here, "templates", "runtime.ts.tmpl"), "utf8"));
console.log(`generated ${ops.length} operations into ${outDir}`);
