#!/usr/bin/env node
// Export a Notion database to Markdown, staying inside Notion's rate limit.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const TOKEN = process.env.NOTION_TOKEN;
if (!TOKEN) { console.error("NOTION_TOKEN is not set"); process.exit(1); }
const arg = (n, d) => { const i = process.argv.indexOf(`--${n}`); return i > 0 ? process.argv[i + 1] : d; };
const DB = arg("database");
const OUT = arg("out", "notion-export");

const IN_FLIGHT = 3;
const SPACING_MS = 350;
const MAX_ATTEMPTS = 6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// tiny limiter: at most IN_FLIGHT running, starts spaced by SPACING_MS
let active = 0, lastStart = 0;
const waiters = [];
async function slot() {
  while (active >= IN_FLIGHT) await new Promise((r) => waiters.push(r));
  active++;
  const gap = lastStart + SPACING_MS - Date.now();
  lastStart = Date.now() + Math.max(gap, 0);
  if (gap > 0) await sleep(gap);
}
function release() { active--; const w = waiters.shift(); if (w) w(); }

async function notion(path, body) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    await slot();
    let res;
    try {
      res = await fetch(`https://api.notion.com/v1/${path}`, {
        method: body ? "POST" : "GET",
        headers: { Authorization: `Bearer ${TOKEN}`, "Notion-Version": "2022-06-28", "Content-Type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
    } finally {
      release();
    }
    if (res.ok) return res.json();
    if (res.status === 429 || res.status >= 500) {
      const ra = Number(res.headers.get("retry-after"));
      await sleep(ra > 0 ? ra * 1000 : Math.min(1000 * 2 ** (attempt - 1), 32000));
      continue;
    }
    throw new Error(`${path}: HTTP ${res.status}`);
  }
  throw new Error(`${path}: gave up after ${MAX_ATTEMPTS} attempts`);
}

const text = (rt = []) => rt.map((t) => t.plain_text).join("");
function blockToMd(b) {
  const v = b[b.type] || {};
  switch (b.type) {
    case "heading_1": return `# ${text(v.rich_text)}`;
    case "heading_2": return `## ${text(v.rich_text)}`;
    case "heading_3": return `### ${text(v.rich_text)}`;
    case "bulleted_list_item": return `- ${text(v.rich_text)}`;
    case "numbered_list_item": return `1. ${text(v.rich_text)}`;
    case "to_do": return `- [${v.checked ? "x" : " "}] ${text(v.rich_text)}`;
    case "code": return "```" + (v.language || "") + "\n" + text(v.rich_text) + "\n```";
    case "quote": return `> ${text(v.rich_text)}`;
    default: return text(v.rich_text);
  }
}

async function allPages() {
  const pages = [];
  let cursor;
  do {
    const r = await notion(`databases/${DB}/query`, { page_size: 100, start_cursor: cursor });
    pages.push(...r.results);
    cursor = r.has_more ? r.next_cursor : undefined;
  } while (cursor);
  return pages;
}

async function exportPage(p) {
  const blocks = [];
  let cursor;
  do {
    const r = await notion(`blocks/${p.id}/children?page_size=100${cursor ? `&start_cursor=${cursor}` : ""}`);
    blocks.push(...r.results);
    cursor = r.has_more ? r.next_cursor : undefined;
  } while (cursor);
  const title = Object.values(p.properties).find((x) => x.type === "title");
  const name = text(title?.title) || p.id;
  const md = `---\ntitle: "${name.replace(/"/g, "'")}"\nnotion_id: ${p.id}\nedited: ${p.last_edited_time}\n---\n\n` + blocks.map(blockToMd).join("\n\n");
  await writeFile(join(OUT, `${name.replace(/[\\/:*?"<>|]/g, "_").slice(0, 100)}.md`), md);
}

await mkdir(OUT, { recursive: true });
const pages = await allPages();
const results = await Promise.allSettled(pages.map(exportPage)); // limiter caps real concurrency at 3
const failed = results.map((r, i) => [r, pages[i]]).filter(([r]) => r.status === "rejected");
console.log(`exported ${pages.length - failed.length}/${pages.length}`);
for (const [r, p] of failed) console.log(`failed ${p.id}: ${r.reason.message}`);
