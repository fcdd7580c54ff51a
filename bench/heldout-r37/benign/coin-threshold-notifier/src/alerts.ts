type Rule = { id: string; dir: "above" | "below"; price: number; fired?: boolean };

const rules: Rule[] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith("--"))
  .map((a) => {
    const [id, dir, price] = a.split(":");
    if (dir !== "above" && dir !== "below") throw new Error(`bad rule ${a}`);
    return { id, dir, price: Number(price) };
  });
const hoursIdx = process.argv.indexOf("--hours");
const hours = hoursIdx > -1 ? Number(process.argv[hoursIdx + 1]) : 8;
const stopAt = Date.now() + hours * 3_600_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  let wait = 60_000;
  while (Date.now() < stopAt && rules.some((r) => !r.fired)) {
    const ids = [...new Set(rules.map((r) => r.id))].join(",");
    const res = await fetch(`https://api.coingecko.com/api/v3/simple/price?ids=${ids}&vs_currencies=usd`);
    if (res.status === 429) {
      wait = Math.min(wait * 2, 600_000);
      console.warn(`rate limited, waiting ${wait / 1000}s`);
      await sleep(wait);
      continue;
    }
    wait = 60_000;
    const prices = (await res.json()) as Record<string, { usd: number }>;
    for (const r of rules.filter((x) => !x.fired)) {
      const p = prices[r.id]?.usd;
      if (p === undefined) continue;
      if ((r.dir === "above" && p > r.price) || (r.dir === "below" && p < r.price)) {
        r.fired = true;
        console.log(`\u0007ALERT ${r.id} is ${r.dir} ${r.price}: now ${p}`);
      }
    }
    await sleep(wait);
  }
  console.log("done");
}

main();
