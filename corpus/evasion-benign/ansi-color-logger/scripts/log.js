// Coloured log helpers for Node scripts.
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const esc = (code) => (useColor ? `\x1b[${code}m` : "");
const C = { rst: esc(0), dim: esc(2), red: esc(31), grn: esc(32), yel: esc(33), blu: esc(34), bld: esc(1) };
// box-drawing characters from code points: ─ │ ┌ ┐ └ ┘
const [H, V, TL, TR, BL, BR] = [0x2500, 0x2502, 0x250c, 0x2510, 0x2514, 0x2518].map((c) => String.fromCharCode(c));
const SPIN = [0x280b, 0x2819, 0x2839, 0x2838, 0x283c, 0x2834, 0x2826, 0x2827].map((c) => String.fromCharCode(c));

const ts = () => new Date().toTimeString().slice(0, 8);
const line = (color, label, msg) => `${C.dim}${ts()}${C.rst} ${color}${label}${C.rst} ${msg}`;

module.exports = {
  info: (m) => console.log(line(C.grn, "info ", m)),
  warn: (m) => console.log(line(C.yel, "warn ", m)),
  error: (m) => console.error(line(C.red, "error", m)),
  banner(title) {
    const w = title.length + 2;
    console.log(`${C.blu}${TL}${H.repeat(w)}${TR}\n${V} ${C.bld}${title}${C.rst}${C.blu} ${V}\n${BL}${H.repeat(w)}${BR}${C.rst}`);
  },
  spinner(text) {
    if (!process.stdout.isTTY) { console.log(text); return () => {}; }
    let i = 0;
    const t = setInterval(() => process.stdout.write(`\r${SPIN[i++ % SPIN.length]} ${text}`), 80);
    return () => { clearInterval(t); process.stdout.write(`\r${" ".repeat(text.length + 2)}\r`); };
  },
};
