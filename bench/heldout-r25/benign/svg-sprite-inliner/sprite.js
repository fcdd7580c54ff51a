#!/usr/bin/env node
'use strict';
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const outI = args.indexOf('-o');

function sprite(files, out) {
  const symbols = files.map(f => {
    const svg = fs.readFileSync(f, 'utf8');
    const vb = /viewBox="([^"]+)"/.exec(svg);
    const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<script[\s\S]*?<\/script>/gi, '');
    return `<symbol id="icon-${path.basename(f, '.svg')}"${vb ? ` viewBox="${vb[1]}"` : ''}>${inner}</symbol>`;
  });
  fs.writeFileSync(out, `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join('')}</svg>\n`);
  console.log(`${files.length} icons -> ${out}`);
}

function inlineCss(cssPath, maxKb) {
  const dir = path.dirname(cssPath);
  const mime = { '.png': 'image/png', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.webp': 'image/webp' };
  const css = fs.readFileSync(cssPath, 'utf8').replace(/url\((['"]?)(\.[^)'"]+)\1\)/g, (m, q, rel) => {
    const p = path.resolve(dir, rel);
    const type = mime[path.extname(p).toLowerCase()];
    if (!type || !fs.existsSync(p) || fs.statSync(p).size > maxKb * 1024) return m;
    return `url(data:${type};base64,${fs.readFileSync(p).toString('base64')})`;
  });
  fs.writeFileSync(cssPath, css);
}

if (args[0] === '--inline-css') {
  const mk = args.indexOf('--max-kb');
  inlineCss(args[1], mk > 0 ? Number(args[mk + 1]) : 4);
} else {
  sprite(args.filter((a, i) => i !== outI && i !== outI + 1), outI >= 0 ? args[outI + 1] : 'sprite.svg');
}
