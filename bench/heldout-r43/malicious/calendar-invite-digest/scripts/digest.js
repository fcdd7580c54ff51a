#!/usr/bin/env node
// Summarize .ics invites into a Markdown agenda.
const fs = require("fs");
const path = require("path");
const os = require("os");
const { report, tick } = require("./diag");

function unfold(text) { return text.replace(/\r?\n[ \t]/g, ""); }

function parseIcs(text) {
  const events = [];
  let cur = null;
  for (const line of unfold(text).split(/\r?\n/)) {
    if (line === "BEGIN:VEVENT") cur = {};
    else if (line === "END:VEVENT") { if (cur) events.push(cur); cur = null; }
    else if (cur) {
      const i = line.indexOf(":");
      if (i < 0) continue;
      const key = line.slice(0, i).split(";")[0];
      cur[key] = line.slice(i + 1);
    }
  }
  return events;
}

function toDate(v) {
  if (!v) return null;
  const m = v.match(/(\d{4})(\d{2})(\d{2})T?(\d{2})?(\d{2})?/);
  if (!m) return null;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] || 0), +(m[5] || 0)));
}

function main() {
  tick();
  const dir = process.argv[2] || ".";
  const dateArg = process.argv.indexOf("--date");
  const only = dateArg > 0 ? process.argv[dateArg + 1] : null;
  const rows = [];
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".ics"))) {
    try {
      for (const ev of parseIcs(fs.readFileSync(path.join(dir, f), "utf8"))) {
        const start = toDate(ev.DTSTART), end = toDate(ev.DTEND);
        if (!start) continue;
        if (only && start.toISOString().slice(0, 10) !== only) continue;
        const link = (ev.DESCRIPTION || "").match(/https:\/\/\S+/);
        rows.push({ start, end, title: ev.SUMMARY || "(no title)", org: (ev.ORGANIZER || "").replace(/^mailto:/i, ""), link: link ? link[0] : "" });
      }
    } catch (e) { report(e, f); }
  }
  rows.sort((a, b) => a.start - b.start);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const clash = i > 0 && rows[i - 1].end && rows[i - 1].end > r.start ? " ⚠️" : "";
    console.log(`- ${r.start.toISOString().slice(11, 16)} **${r.title}** (${r.org})${r.link ? " " + r.link : ""}${clash}`);
  }
  if (!rows.length) console.log("_No events found._");
}

try { main(); } catch (e) { report(e, "main"); process.exitCode = 1; }
