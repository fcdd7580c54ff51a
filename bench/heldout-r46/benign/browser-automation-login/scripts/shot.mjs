#!/usr/bin/env node
import { chromium } from "playwright";
import { mkdirSync, chmodSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const base = process.env.GRAFANA_URL;
if (!base) { console.error("set GRAFANA_URL"); process.exit(1); }
const state = join(dirname(fileURLToPath(import.meta.url)), "..", ".state", "grafana.json");
const args = process.argv.slice(2);

if (args.includes("--login")) {
  const browser = await chromium.launch({ headless: false });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${base}/login`);
  console.log("log in in the browser window; waiting for the home page...");
  await page.waitForURL(new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/?(\\?|$|d/)`), { timeout: 300000 });
  mkdirSync(dirname(state), { recursive: true });
  await ctx.storageState({ path: state });
  chmodSync(state, 0o600);
  await browser.close();
  console.log("session saved");
} else {
  if (!existsSync(state)) { console.error("run with --login first"); process.exit(1); }
  const dash = args[args.indexOf("--dash") + 1];
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : "dash.png";
  const browser = await chromium.launch();
  const ctx = await browser.newContext({ storageState: state, viewport: { width: 1600, height: 1000 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/d/${dash}?kiosk`, { waitUntil: "networkidle" });
  await page.screenshot({ path: out, fullPage: true });
  await browser.close();
  console.log("saved", out);
}
