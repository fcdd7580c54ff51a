const fs = require("fs");
const path = require("path");
const MIME = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".svg": "image/svg+xml", ".webp": "image/webp" };
for (const f of process.argv.slice(2)) {
  const mime = MIME[path.extname(f).toLowerCase()];
  if (!mime) { console.error(`skip ${f}: unknown type`); continue; }
  const buf = fs.readFileSync(f);
  if (buf.length > 32 * 1024) { console.error(`skip ${f}: ${buf.length} bytes (> 32 KB)`); continue; }
  const uri = mime === "image/svg+xml"
    ? `data:${mime},${encodeURIComponent(buf.toString("utf8"))}`
    : `data:${mime};base64,${buf.toString("base64")}`;
  const cls = path.basename(f, path.extname(f)).replace(/[^a-z0-9]+/gi, "-");
  console.log(`.${cls} { background-image: url("${uri}"); }`);
}
