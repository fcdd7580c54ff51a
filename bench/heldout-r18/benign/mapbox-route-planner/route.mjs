import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { profile: { type: "string", default: "driving" }, optimize: { type: "boolean", default: false } },
});
const token = process.env.MAPBOX_TOKEN;
if (!token) throw new Error("MAPBOX_TOKEN is not set");
const coords = positionals.map((p) => p.split(",").reverse().join(",")).join(";");
const base = values.optimize
  ? `https://api.mapbox.com/optimized-trips/v1/mapbox/${values.profile}/${coords}`
  : `https://api.mapbox.com/directions/v5/mapbox/${values.profile}/${coords}`;
const url = `${base}?geometries=geojson&overview=full&access_token=${encodeURIComponent(token)}`;

const r = await fetch(url);
if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
const j = await r.json();
const route = (j.trips || j.routes)[0];
writeFileSync("route.geojson", JSON.stringify({ type: "Feature", properties: {}, geometry: route.geometry }));
console.log(`${(route.distance / 1000).toFixed(1)} km, ${Math.round(route.duration / 60)} min -> route.geojson`);
if (j.waypoints) console.log("order:", j.waypoints.map((w) => w.waypoint_index ?? "").join(" "));
