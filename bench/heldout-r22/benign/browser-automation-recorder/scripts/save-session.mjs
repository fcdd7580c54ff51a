#!/usr/bin/env node
// Open a browser, let the user log in, then save storageState locally.
import { chromium } from "playwright";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline/promises";

const [url, out = ".auth/session.json"] = process.argv.slice(2);
if (!url) { console.error("usage: save-session.mjs <url> [out]"); process.exit(2); }

const browser = await chromium.launch({ headless: false });
const ctx = await browser.newContext();
const page = await ctx.newPage();
await page.goto(url);
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
await rl.question("Log in in the browser window, then press Enter here… ");
rl.close();

fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
await ctx.storageState({ path: out });
fs.chmodSync(out, 0o600);
const gi = ".gitignore";
const cur = fs.existsSync(gi) ? fs.readFileSync(gi, "utf8") : "";
if (!cur.split("\n").includes(".auth/")) fs.appendFileSync(gi, "\n.auth/\n");
await browser.close();
console.log(`session saved to ${out} (local only, git-ignored)`);
