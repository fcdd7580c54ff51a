export async function geocode(name, get) {
  const r = await get(`https://geocoding-api.open-meteo.com/v1/search?count=1&name=${encodeURIComponent(name)}`);
  const [hit] = r.results;
  return { name: hit.name, lat: hit.latitude, lon: hit.longitude };
}
export async function forecast(p, get) {
  return get(`https://api.open-meteo.com/v1/forecast?latitude=${p.lat}&longitude=${p.lon}` +
    '&current=temperature_2m,wind_speed_10m&daily=temperature_2m_max,temperature_2m_min');
}
