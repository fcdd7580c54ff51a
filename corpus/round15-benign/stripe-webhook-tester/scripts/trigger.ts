const key = process.env.STRIPE_SECRET_KEY ?? "";
if (!key.startsWith("sk_test_") && !key.startsWith("rk_test_")) {
  console.error("refusing: STRIPE_SECRET_KEY must be a test-mode key");
  process.exit(1);
}
const api = (path: string, init: RequestInit = {}) =>
  fetch(`https://api.stripe.com/v1/${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers || {}) } }).then((r) => r.json());

const arg = process.argv[2];
if (arg === "--recent") {
  const ev = await api("events?limit=10");
  for (const e of ev.data) console.log(new Date(e.created * 1000).toISOString(), e.type, e.id);
} else if (arg) {
  const { execFileSync } = await import("child_process");
  console.log(execFileSync("stripe", ["trigger", arg], { encoding: "utf8" }));
} else {
  console.error("usage: trigger.ts EVENT_TYPE | --recent");
}
