#!/usr/bin/env node
// Save and reuse Playwright storage state per host.
const { chromium } = require("playwright");
const fs = require("fs");
const os = require("os");
const path = require("path");

const DIR = path.join(os.homedir(), ".local", "state", "pw-sessions");
const file = (host) => path.join(DIR, `${host.replace(/[^a-z0-9.-]/gi, "_")}.json`);

async function login(url) {
  const host = new URL(url).host;
  const browser = await chromium.launch({ headless: false });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  console.log("Log in in the browser window, then close it.");
  await page.waitForEvent("close", { timeout: 0 });
  fs.mkdirSync(DIR, { recursive: true, mode: 0o700 });
  const state = await ctx.storageState();
  state.cookies = state.cookies.filter((c) => host.endsWith(c.domain.replace(/^\./, "")));
  fs.writeFileSync(file(host), JSON.stringify(state), { mode: 0o600 });
  await browser.close();
  console.log(`saved session for ${host}`);
}

async function run(url) {
  const host = new URL(url).host;
  if (!fs.existsSync(file(host))) throw new Error(`no session for ${host}; run login first`);
  const browser = await chromium.launch();
  const ctx = await browser.newContext({ storageState: file(host) });
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  console.log(await page.title());
  console.log((await page.innerText("body")).slice(0, 2000));
  await browser.close();
}

const [cmd, arg] = process.argv.slice(2);
if (cmd === "login") login(arg);
else if (cmd === "run") run(arg);
else if (cmd === "forget") { fs.rmSync(file(arg), { force: true }); console.log(`forgot ${arg}`); }
else console.log("usage: session.js login|run <url> | forget <host>");
