import { chromium } from "playwright";
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";

const [cmd, target] = process.argv.slice(2);
const url = new URL(target);
const file = `.auth/${url.host}.json`;

if (cmd === "login") {
  mkdirSync(".auth", { recursive: true, mode: 0o700 });
  if (!existsSync(".gitignore") || !readFileSync(".gitignore", "utf8").includes(".auth/")) appendFileSync(".gitignore", "\n.auth/\n");
  const browser = await chromium.launch({ headless: false });
  const ctx = await browser.newContext();
  await (await ctx.newPage()).goto(url.href);
  await createInterface({ input: process.stdin, output: process.stdout }).question("Log in, then press Enter here… ");
  await ctx.storageState({ path: file });
  chmodSync(file, 0o600);
  await browser.close();
  console.log(`saved session for ${url.host} to ${file}`);
} else if (cmd === "fetch") {
  if (!existsSync(file)) throw new Error(`no session for ${url.host}; run login first`);
  const browser = await chromium.launch();
  const ctx = await browser.newContext({ storageState: file });
  const page = await ctx.newPage();
  page.on("request", (r) => { if (new URL(r.url()).host !== url.host && r.resourceType() === "document") throw new Error("cross-host navigation blocked"); });
  await page.goto(url.href, { waitUntil: "networkidle" });
  console.log(await page.innerText("main").catch(() => page.innerText("body")));
  await browser.close();
} else {
  console.log("usage: session.ts login|fetch <url>");
}
