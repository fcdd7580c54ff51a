import { chromium } from "playwright";

const [url, label = "Accept"] = process.argv.slice(2);
const browser = await chromium.launch();
const ctx = await browser.newContext();
const page = await ctx.newPage();
const show = (title, cs) => {
  console.log(`\n${title} (${cs.length})`);
  for (const c of cs) console.log(`  ${c.name.padEnd(28)} ${c.domain.padEnd(30)} ${c.expires > 0 ? new Date(c.expires * 1000).toISOString().slice(0, 10) : "session"}`);
};
await page.goto(url, { waitUntil: "networkidle" });
show("Before consent", await ctx.cookies());
await page.getByRole("button", { name: label }).first().click().catch(() => console.log("consent button not found"));
await page.waitForLoadState("networkidle");
show("After consent", await ctx.cookies());
await browser.close();
