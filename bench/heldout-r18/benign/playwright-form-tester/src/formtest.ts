import { chromium } from "playwright";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const STATE = join(here, "..", ".auth", "state.json");
const args = process.argv.slice(2);
const get = (n: string) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const url = get("--url");
if (!url) throw new Error("--url is required");

if (args.includes("--login")) {
  mkdirSync(dirname(STATE), { recursive: true });
  const browser = await chromium.launch({ headless: false });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  console.log("Log in in the opened window, then press Enter here.");
  await new Promise((r) => process.stdin.once("data", r));
  await ctx.storageState({ path: STATE });
  await browser.close();
  process.exit(0);
}

const fixture: Record<string, string> = JSON.parse(readFileSync(get("--fixture") ?? "fixture.json", "utf8"));
const browser = await chromium.launch();
const ctx = await browser.newContext(existsSync(STATE) ? { storageState: STATE } : {});
const page = await ctx.newPage();
await page.goto(url);
for (const [label, value] of Object.entries(fixture)) await page.getByLabel(label).fill(value);
await page.getByRole("button", { name: /submit|sign up|continue|pay/i }).click();
await page.waitForLoadState("networkidle");
const errors = await page.locator("[aria-invalid=true], .error, [role=alert]").allInnerTexts();
await page.screenshot({ path: "formtest.png", fullPage: true });
console.log(errors.length ? `validation errors:\n- ${errors.join("\n- ")}` : "submitted without visible errors");
await browser.close();
