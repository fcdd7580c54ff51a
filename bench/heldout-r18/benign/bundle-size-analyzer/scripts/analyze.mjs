import { readFileSync, existsSync } from "node:fs";
import { SourceMapConsumer } from "source-map";

const OBF_ID = /\b_0x[0-9a-f]{4,6}\b/g;
const HEX_ESC = /(\\x[0-9a-fA-F]{2}){6,}/g;

for (const file of process.argv.slice(2)) {
  const code = readFileSync(file, "utf8");
  const mapFile = `${file}.map`;
  const byPkg = new Map();
  if (existsSync(mapFile)) {
    const consumer = await new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")));
    const lines = code.split("\n");
    consumer.eachMapping((m) => {
      const src = m.source || "?";
      const pkg = src.includes("node_modules/") ? src.split("node_modules/")[1].split("/").slice(0, src.includes("/@") ? 2 : 1).join("/") : "(app)";
      const len = Math.max(1, (lines[m.generatedLine - 1] || "").length / 80);
      byPkg.set(pkg, (byPkg.get(pkg) || 0) + len);
    });
    consumer.destroy();
  }
  const obf = (code.match(OBF_ID) || []).length;
  const hex = (code.match(HEX_ESC) || []).length;
  console.log(`\n${file}: ${(code.length / 1024).toFixed(1)} KiB`);
  [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 15).forEach(([p, n]) => console.log(`  ${p.padEnd(40)} ~${n.toFixed(0)}`));
  if (obf > 50 || hex > 20) console.log(`  note: looks obfuscated (${obf} _0x ids, ${hex} escape runs)`);
}
