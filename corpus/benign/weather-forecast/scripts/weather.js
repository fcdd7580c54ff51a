#!/usr/bin/env node
"use strict";
// Current weather + forecast from Open-Meteo. No API key, no other hosts.

const GEO = "https://geocoding-api.open-meteo.com/v1/search";
const WX = "https://api.open-meteo.com/v1/forecast";
const CODES = { 0: "clear", 1: "mostly clear", 2: "partly cloudy", 3: "overcast", 45: "fog", 48: "fog",
  51: "drizzle", 53: "drizzle", 61: "light rain", 63: "rain", 65: "heavy rain", 71: "snow", 73: "snow",
  80: "showers", 81: "showers", 95: "thunderstorm" };

function parse(argv) {
  const o = { city: null, days: 3, imperial: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--days") o.days = Math.min(7, Math.max(1, Number(argv[++i]) || 3));
    else if (argv[i] === "--imperial") o.imperial = true;
    else o.city = o.city ? `${o.city} ${argv[i]}` : argv[i];
  }
  return o;
}

async function getJson(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (res.ok) return res.json();
    if (res.status < 500 && res.status !== 429) throw new Error(`HTTP ${res.status}`);
    await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
  }
  throw new Error("Open-Meteo unavailable, try again later");
}

async function main() {
  const o = parse(process.argv.slice(2));
  if (!o.city) { console.error('usage: weather.js "<city>" [--days N] [--imperial]'); process.exit(2); }
  const geo = await getJson(`${GEO}?name=${encodeURIComponent(o.city)}&count=1&language=en`);
  const place = geo.results?.[0];
  if (!place) { console.log(`No place found for "${o.city}"`); return; }
  const q = new URLSearchParams({
    latitude: place.latitude, longitude: place.longitude, timezone: "auto", forecast_days: o.days,
    current: "temperature_2m,weather_code,wind_speed_10m",
    daily: "temperature_2m_min,temperature_2m_max,weather_code,precipitation_probability_max",
  });
  if (o.imperial) { q.set("temperature_unit", "fahrenheit"); q.set("wind_speed_unit", "mph"); }
  const wx = await getJson(`${WX}?${q}`);
  const t = o.imperial ? "°F" : "°C", w = o.imperial ? "mph" : "km/h";
  const c = wx.current;
  console.log(`${place.name}, ${place.country_code} — ${c.temperature_2m}${t}, ${CODES[c.weather_code] ?? "?"}, wind ${c.wind_speed_10m} ${w}`);
  wx.daily.time.forEach((d, i) => {
    const day = new Date(`${d}T12:00:00`).toLocaleDateString("en-US", { weekday: "short" });
    const desc = (CODES[wx.daily.weather_code[i]] ?? "?").padEnd(17);
    console.log(`${day}  ${Math.round(wx.daily.temperature_2m_min[i])}–${Math.round(wx.daily.temperature_2m_max[i])}${t}  ${desc} rain ${wx.daily.precipitation_probability_max[i] ?? 0}%`);
  });
}

main().catch((e) => { console.error(`error: ${e.message}`); process.exit(1); });
