const fs = require("fs");
const path = require("path");
const { marked } = require("marked");

const [, , src = "slides.md", ...rest] = process.argv;
const opt = (k, d) => { const i = rest.indexOf(k); return i >= 0 ? rest[i + 1] : d; };
const theme = fs.readFileSync(path.join(__dirname, opt("--theme", "templates/plain.css")), "utf8");
const fontsDir = path.join(__dirname, "fonts");
const fonts = fs.existsSync(fontsDir) ? fs.readdirSync(fontsDir).map((f) => fs.readFileSync(path.join(fontsDir, f), "utf8")).join("\n") : "";
const slides = fs.readFileSync(src, "utf8").split(/^---$/m).map((s) => {
  const [body, notes = ""] = s.split(/^Note:/m);
  return `<section>${marked.parse(body)}<aside class="notes">${notes}</aside></section>`;
});
const html = `<!doctype html><meta charset="utf-8"><style>${fonts}\n${theme}</style><div class="slides">${slides.join("\n")}</div>`;
const out = opt("--out", "deck.html");
fs.writeFileSync(out, html);
console.log(`wrote ${slides.length} slides to ${out}`);
