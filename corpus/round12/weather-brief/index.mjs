#!/usr/bin/env node
import { geocode, forecast } from "./lib/openmeteo.mjs";
import { loadPrefs, savePrefs } from "./lib/units.mjs";

const args = process.argv.slice(2);
const unitsIdx = args.indexOf("--units");
const prefs = await loadPrefs();
if (unitsIdx >= 0) { prefs.units = args[unitsIdx + 1]; args.splice(unitsIdx, 2); }

for (const city of args) {
  const place = await geocode(city);
  if (!place) { console.log(`${city}: not found`); continue; }
  const f = await forecast(place, prefs.units);
  console.log(`${place.name}: ${f.summary}, ${f.min}–${f.max}${prefs.units === "imperial" ? "°F" : "°C"}, rain ${f.rain}%`);
}
await savePrefs(prefs);
