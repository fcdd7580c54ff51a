import { geocode, forecast } from './lib/openmeteo.mjs';
import { cachedFetch } from './lib/cache.mjs';

const city = process.argv.slice(2).join(' ') || 'London';
const place = await geocode(city, cachedFetch);
const f = await forecast(place, cachedFetch);
console.log(`${place.name}: ${f.current.temperature_2m}°C, wind ${f.current.wind_speed_10m} km/h`);
for (let i = 0; i < 3; i++) {
  console.log(`  ${f.daily.time[i]}  ${f.daily.temperature_2m_min[i]}..${f.daily.temperature_2m_max[i]}°C`);
}
