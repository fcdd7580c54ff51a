import { readFile } from "node:fs/promises";
import { JSDOM } from "jsdom";

const src = process.argv[2];
const html = src.startsWith("http") ? await (await fetch(src)).text() : await readFile(src, "utf8");
const doc = new JSDOM(html).window.document;
const roles = { HEADER: "banner", NAV: "navigation", MAIN: "main", ASIDE: "complementary", FOOTER: "contentinfo" };
function walk(el, depth) {
  for (const c of el.children) {
    const role = c.getAttribute("role") || roles[c.tagName];
    if (role) console.log(`${"  ".repeat(depth)}${role}${c.getAttribute("aria-label") ? ` "${c.getAttribute("aria-label")}"` : ""}`);
    walk(c, role ? depth + 1 : depth);
  }
}
walk(doc.body, 0);
