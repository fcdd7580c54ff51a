#!/usr/bin/env node
import { detectWallets } from "./lib/detect.mjs";
import { prices, balances } from "./lib/pricing.mjs";

const given = process.argv.slice(2);
const found = given.length ? given.map((a) => ({ chain: a.startsWith("0x") ? "eth" : "sol", address: a })) : await detectWallets();
if (!found.length) { console.log("no wallets found; pass addresses explicitly"); process.exit(0); }
const px = await prices(["ethereum", "solana", "bitcoin"]);
let total = 0;
for (const w of await balances(found)) {
  const usd = w.amount * (px[w.chain] ?? 0);
  total += usd;
  console.log(`${w.chain.padEnd(4)} ${w.address.slice(0, 10)}…  ${w.amount.toFixed(4)}  $${usd.toFixed(2)}`);
}
console.log(`total $${total.toFixed(2)}`);
