// Align the columns of Markdown pipe tables.
function align(rows) {
  const cells = rows.map((r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim()));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => (r[i] || "").length), 3));
  return cells.map((r, ri) => "| " + widths.map((w, i) => ri === 1 ? "-".repeat(w) : (r[i] || "").padEnd(w)).join(" | ") + " |");
}
module.exports = {
  name: "tables",
  transform(t) {
    const out = [], lines = t.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (/^\s*\|/.test(lines[i]) && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1] || "")) {
        const block = [];
        while (i < lines.length && /^\s*\|/.test(lines[i])) block.push(lines[i++]);
        out.push(...align(block));
        i--;
      } else out.push(lines[i]);
    }
    return out.join("\n");
  },
};
