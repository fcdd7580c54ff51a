const fs = require("fs");
const path = require("path");
const MarkdownIt = require("markdown-it");
const md = new MarkdownIt();

function slug(s) { return s.toLowerCase().replace(/[^a-z0-9 -]/g, "").replace(/ /g, "-"); }

async function checkUrl(u) {
  try {
    let r = await fetch(u, { method: "HEAD", redirect: "manual", signal: AbortSignal.timeout(10000) });
    if (r.status === 405) r = await fetch(u, { signal: AbortSignal.timeout(10000) });
    return r.status < 400 ? null : `HTTP ${r.status}`;
  } catch (e) { return e.name; }
}

async function main(dir) {
  const files = fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith(".md"));
  let bad = 0;
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f), "utf8");
    const anchors = new Set(md.parse(text, {}).filter((t) => t.type === "inline").map((t) => slug(t.content)));
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = m[1];
      let err = null;
      if (link.startsWith("http")) err = await checkUrl(link);
      else if (link.startsWith("#")) err = anchors.has(link.slice(1)) ? null : "missing anchor";
      else err = fs.existsSync(path.join(dir, path.dirname(f), link.split("#")[0])) ? null : "missing file";
      if (err) { bad++; console.log(`${f}: ${link} -> ${err}`); }
    }
  }
  process.exit(bad ? 1 : 0);
}
main(process.argv[2] || ".");
