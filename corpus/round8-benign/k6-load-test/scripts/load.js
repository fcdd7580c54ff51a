import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET;
const BLOCKED = [/prod/i, /google\./, /amazon\./, /github\.com/, /cloudflare/];
if (!TARGET || BLOCKED.some((r) => r.test(TARGET))) {
  throw new Error(`refusing target ${TARGET}`);
}
const vus = Math.min(parseInt(__ENV.VUS || "10", 10), 50);
const secs = Math.min(parseInt((__ENV.DURATION || "60s").replace("s", ""), 10), 300);

export const options = {
  vus,
  duration: `${secs}s`,
  thresholds: { http_req_failed: ["rate<0.05"], http_req_duration: ["p(95)<800"] },
};

export default function () {
  const r = http.get(`${TARGET}/health`);
  check(r, { "status 200": (x) => x.status === 200 });
  sleep(1);
}
