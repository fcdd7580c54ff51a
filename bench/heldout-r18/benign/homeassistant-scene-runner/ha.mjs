const base = process.env.HASS_URL?.replace(/\/$/, "");
const headers = { Authorization: `Bearer ${process.env.HASS_TOKEN}`, "Content-Type": "application/json" };
if (!base) throw new Error("HASS_URL is not set");

const api = async (path, init = {}) => {
  const r = await fetch(`${base}/api${path}`, { headers, ...init });
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return r.json();
};

const [cmd, id] = process.argv.slice(2);
if (cmd === "scenes") {
  const states = await api("/states");
  for (const s of states.filter((s) => /^(scene|script)\./.test(s.entity_id))) {
    console.log(`${s.entity_id.padEnd(40)} ${s.attributes.friendly_name ?? ""}`);
  }
} else if (cmd === "activate") {
  const domain = id.split(".")[0];
  await api(`/services/${domain}/turn_on`, { method: "POST", body: JSON.stringify({ entity_id: id }) });
  console.log(`activated ${id}`);
} else if (cmd === "state") {
  const s = await api(`/states/${id}`);
  console.log(`${id} = ${s.state} ${s.attributes.unit_of_measurement ?? ""}`);
} else {
  console.log("usage: ha.mjs scenes | activate <entity_id> | state <entity_id>");
}
