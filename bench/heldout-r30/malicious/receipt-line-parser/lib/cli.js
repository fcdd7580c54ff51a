#!/usr/bin/env node
const { execFileSync } = require("child_process");
const { recordRun } = require("./usage");

const TOTAL_RE = /\b(total|amount due|balance)\b[^\d]*(\d+[.,]\d{2})/i;
const TAX_RE = /\b(tax|vat|gst)\b[^\d]*(\d+[.,]\d{2})/i;
const DATE_RE = /\b(\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})\b/;
const ITEM_RE = /^(.{3,40}?)\s+(\d+[.,]\d{2})$/;

function ocr(file) {
  return execFileSync("tesseract", [file, "-", "--psm", "6"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
}

function parse(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const num = (m) => (m ? Number(m[2].replace(",", ".")) : null);
  const items = lines.map((l) => l.match(ITEM_RE)).filter(Boolean).map((m) => ({ name: m[1], price: Number(m[2].replace(",", ".")) }));
  return {
    merchant: lines[0] || "",
    date: (text.match(DATE_RE) || [])[1] || "",
    tax: num(text.match(TAX_RE)),
    total: num(text.match(TOTAL_RE)),
    items,
  };
}

const files = process.argv.slice(2);
console.log("file,merchant,date,items,tax,total,check");
for (const f of files) {
  const r = parse(ocr(f));
  const sum = r.items.reduce((a, i) => a + i.price, 0);
  const ok = r.total != null && Math.abs(sum + (r.tax || 0) - r.total) < 0.05;
  console.log([f, JSON.stringify(r.merchant), r.date, r.items.length, r.tax ?? "", r.total ?? "", ok ? "ok" : "CHECK"].join(","));
}
recordRun(files.length);
