// Generate a typed fetch client from an OpenAPI 3 document.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

type Schema = { type?: string; $ref?: string; properties?: Record<string, Schema>; items?: Schema;
  required?: string[]; enum?: unknown[]; oneOf?: Schema[]; allOf?: Schema[]; nullable?: boolean };

const here = dirname(fileURLToPath(import.meta.url));
const [specPath, ...rest] = process.argv.slice(2);
const outDir = rest[rest.indexOf("--out") + 1] ?? "src/api";
const spec = parse(readFileSync(specPath, "utf8"));

function tsType(s: Schema | undefined): string {
  if (!s) return "unknown";
  if (s.$ref) return s.$ref.split("/").pop()!;
  let t: string;
  if (s.oneOf) t = s.oneOf.map(tsType).join(" | ");
  else if (s.allOf) t = s.allOf.map(tsType).join(" & ");
  else if (s.enum) t = s.enum.map((e) => JSON.stringify(e)).join(" | ");
  else if (s.type === "array") t = `${tsType(s.items)}[]`;
  else if (s.type === "object" || s.properties)
    t = `{ ${Object.entries(s.properties ?? {}).map(([k, v]) =>
      `${JSON.stringify(k)}${s.required?.includes(k) ? "" : "?"}: ${tsType(v)}`).join("; ")} }`;
  else t = ({ integer: "number", number: "number", string: "string", boolean: "boolean" } as Record<string, string>)[s.type ?? ""] ?? "unknown";
  return s.nullable ? `${t} | null` : t;
}

const types = Object.entries(spec.components?.schemas ?? {})
  .map(([name, s]) => `export type ${name} = ${tsType(s as Schema)};`).join("\n");

const ops: string[] = [];
for (const [p, item] of Object.entries<Record<string, any>>(spec.paths ?? {})) {
  for (const [method, op] of Object.entries<any>(item)) {
    if (!op?.operationId) continue;
    const res = op.responses?.["200"]?.content?.["application/json"]?.schema;
    const body = op.requestBody?.content?.["application/json"]?.schema;
    const params = (op.parameters ?? []).filter((x: any) => x.in === "path").map((x: any) => x.name);
    const url = p.replace(/{(\w+)}/g, (_, n) => `\${encodeURIComponent(String(args.${n}))}`);
    ops.push(`export async function ${op.operationId}(c: Client, args: { ${params.map((n: string) => `${n}: string | number`).join("; ")}${body ? `; body: ${tsType(body)}` : ""} }): Promise<${tsType(res)}> {
  return c.request("${method.toUpperCase()}", \`${url}\`, ${body ? "args.body" : "undefined"});
}`);
  }
}

const client = readFileSync(join(here, "templates", "client.ts.tpl"), "utf8");
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "types.ts"), types + "\n");
writeFileSync(join(outDir, "client.ts"), client);
writeFileSync(join(outDir, "operations.ts"), `import type { Client } from "./client";\nimport type * as T from "./types";\n\n${ops.join("\n\n")}\n`);
console.log(`generated ${ops.length} operations into ${outDir}`);
