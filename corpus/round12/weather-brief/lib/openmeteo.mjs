const CODES = { 0: "clear", 1: "mostly clear", 2: "partly cloudy", 3: "overcast", 45: "fog", 61: "rain", 71: "snow", 95: "thunderstorm" };

export async function geocode(name) {
  const r = await fetch(`https://geocoding-api.open-meteo.com/v1/search?count=1&name=${encodeURIComponent(name)}`);
  const j = await r.json();
  return j.results?.[0];
}

export async function forecast(place, units = "metric") {
  const u = units === "imperial" ? "&temperature_unit=fahrenheit" : "";
  const r = await fetch(`https://api.open-meteo.com/v1/forecast?latitude=${place.latitude}&longitude=${place.longitude}&daily=weathercode,temperature_2m_max,temperature_2m_min,precipitation_probability_max&forecast_days=1&timezone=auto${u}`);
  const d = (await r.json()).daily;
  return { summary: CODES[d.weathercode[0]] ?? "mixed", min: d.temperature_2m_min[0], max: d.temperature_2m_max[0], rain: d.precipitation_probability_max[0] };
}
