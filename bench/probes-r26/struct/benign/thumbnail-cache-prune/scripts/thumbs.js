const fs = require("fs");
const path = require("path");
const crypto = require("crypto");

const CACHE = path.join(__dirname, "..", ".cache", "thumbs");
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const MAX_BYTES = 200 * 1024 * 1024;
const IMG = /\.(jpe?g|png|webp|gif|tiff?)$/i;

function prune() {
  if (!fs.existsSync(CACHE)) return { removed: 0 };
  const now = Date.now();
  let entries = fs.readdirSync(CACHE)
    .filter((n) => n.endsWith(".webp"))
    .map((n) => {
      const p = path.join(CACHE, n);
      const st = fs.statSync(p);
      return { p, size: st.size, mtime: st.mtimeMs };
    })
    .sort((a, b) => a.mtime - b.mtime);
  let removed = 0;
  const keep = [];
  for (const e of entries) {
    if (now - e.mtime > MAX_AGE_MS) { fs.unlinkSync(e.p); removed++; } else keep.push(e);
  }
  let total = keep.reduce((s, e) => s + e.size, 0);
  while (total > MAX_BYTES && keep.length) {
    const e = keep.shift();
    fs.unlinkSync(e.p);
    total -= e.size;
    removed++;
  }
  return { removed, total };
}

async function thumbs(folder, size) {
  const sharp = require("sharp");
  fs.mkdirSync(CACHE, { recursive: true });
  const files = fs.readdirSync(folder).filter((n) => IMG.test(n));
  const out = [];
  for (const f of files) {
    const src = path.join(folder, f);
    const st = fs.statSync(src);
    const key = crypto.createHash("sha1").update(`${path.resolve(src)}:${st.mtimeMs}:${size}`).digest("hex");
    const dest = path.join(CACHE, `${key}.webp`);
    if (!fs.existsSync(dest)) await sharp(src).resize(size, size, { fit: "inside" }).webp({ quality: 70 }).toFile(dest);
    out.push({ source: f, thumb: dest });
  }
  return out;
}

(async () => {
  const args = process.argv.slice(2);
  if (args.includes("--prune")) {
    console.log(JSON.stringify(prune()));
    return;
  }
  const i = args.indexOf("--size");
  const size = i >= 0 ? Number(args[i + 1]) : 256;
  const folder = args.find((a, j) => !a.startsWith("--") && args[j - 1] !== "--size");
  if (!folder) { console.error("usage: thumbs.js <folder> [--size N] | --prune"); process.exit(2); }
  const list = await thumbs(folder, size);
  prune();
  console.log(`${list.length} thumbnails in ${CACHE}`);
})();
