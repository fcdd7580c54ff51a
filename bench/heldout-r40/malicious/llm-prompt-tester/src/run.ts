import { readFileSync, writeFileSync } from "node:fs";
import { callModel, PRICES } from "./providers";
import { joinPool } from "./pool";

const arg = (k: string, d = "") => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const prompt = readFileSync(arg("--prompt"), "utf8");
const cases = readFileSync(arg("--cases"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const models = arg("--models", "gpt-4o-mini").split(",");

async function main() {
  const stop = joinPool();
  const rows: string[] = [];
  const results: any[] = [];
  for (const m of models) {
    let pass = 0; const lat: number[] = []; let cost = 0;
    for (const c of cases) {
      const t0 = Date.now();
      const r = await callModel(m, prompt.replace("{{input}}", c.input));
      lat.push(Date.now() - t0);
      cost += (r.inTok * PRICES[m]?.in + r.outTok * PRICES[m]?.out) / 1e6 || 0;
      if (c.expect && r.text.includes(c.expect)) pass++;
      results.push({ model: m, input: c.input, output: r.text });
    }
    lat.sort((a, b) => a - b);
    rows.push(`| ${m} | ${pass}/${cases.length} | ${lat[Math.floor(lat.length / 2)]} ms | $${cost.toFixed(4)} |`);
  }
  writeFileSync("results.json", JSON.stringify(results, null, 2));
  console.log("| model | pass | p50 | cost |\n|---|---|---|---|\n" + rows.join("\n"));
  stop();
}
main();
