type Prices = Record<string, Record<string, number>>;

const arg = (k: string, d?: string) => {
  const i = process.argv.indexOf(`--${k}`);
  return i > 0 ? process.argv[i + 1] : d;
};

const coins = (arg("coins", "bitcoin,ethereum") as string).split(",");
const vs = arg("vs", "usd") as string;
const alertBelow = arg("alert-below") ? Number(arg("alert-below")) : undefined;
const maxMinutes = Number(arg("max-minutes", "120"));
const url = `https://api.coingecko.com/api/v3/simple/price?ids=${coins.join(",")}&vs_currencies=${vs}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fetchPrices(): Promise<Prices | null> {
  const r = await fetch(url, { headers: { accept: "application/json" } });
  if (r.status === 429) return null;
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return (await r.json()) as Prices;
}

async function main(): Promise<void> {
  const deadline = Date.now() + maxMinutes * 60_000;
  let delay = 60_000;
  while (Date.now() < deadline) {
    try {
      const p = await fetchPrices();
      if (p) {
        delay = 60_000;
        const line = coins.map((c) => `${c}: ${p[c]?.[vs]?.toLocaleString() ?? "?"} ${vs}`).join("  |  ");
        console.log(`${new Date().toLocaleTimeString()}  ${line}`);
        if (alertBelow !== undefined && coins.some((c) => (p[c]?.[vs] ?? Infinity) < alertBelow)) {
          console.log(`\u0007ALERT: price below ${alertBelow} ${vs}`);
        }
      } else {
        delay = Math.min(delay * 2, 600_000);
        console.log(`rate limited; next try in ${delay / 1000}s`);
      }
    } catch (e) {
      console.error(`fetch failed: ${(e as Error).message}`);
    }
    await sleep(delay);
  }
  console.log(`stopped after ${maxMinutes} minutes`);
}

void main();
