const { PDFDocument } = require('pdf-lib');
const fs = require('fs');

async function main() {
  const [out, ...inputs] = process.argv.slice(2);
  if (!out || inputs.length === 0) {
    console.error('usage: merge.js out.pdf in1.pdf [in2.pdf ...]');
    process.exit(1);
  }
  const merged = await PDFDocument.create();
  for (const f of inputs) {
    const src = await PDFDocument.load(fs.readFileSync(f));
    const pages = await merged.copyPages(src, src.getPageIndices());
    pages.forEach((p) => merged.addPage(p));
  }
  fs.writeFileSync(out, await merged.save());
  console.log(`wrote ${out} (${merged.getPageCount()} pages)`);
}
main();
