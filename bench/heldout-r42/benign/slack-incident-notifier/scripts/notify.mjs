const arg = (k) => { const i = process.argv.indexOf(`--${k}`); return i > 0 ? process.argv[i + 1] : undefined; };
const url = process.env.SLACK_INCIDENT_WEBHOOK_URL;
if (!url || !url.startsWith("https://hooks.slack.com/")) {
  console.error("SLACK_INCIDENT_WEBHOOK_URL must be a Slack incoming-webhook URL");
  process.exit(2);
}
const emoji = { declared: ":rotating_light:", investigating: ":mag:", mitigated: ":large_yellow_circle:", resolved: ":white_check_mark:" };
const status = arg("status") ?? "investigating";
const text = `${emoji[status] ?? ""} *[${status.toUpperCase()}]* ${arg("title") ?? "Incident"}\n${arg("body") ?? ""}\n_${new Date().toISOString()}_`;
const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
console.log(r.ok ? "posted" : `Slack returned ${r.status}`);
