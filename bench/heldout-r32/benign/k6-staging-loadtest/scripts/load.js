import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET;
if (!TARGET || !/^https?:\/\/(staging|test|localhost|127\.0\.0\.1)/.test(TARGET)) {
  throw new Error("TARGET must be a staging/test URL (e.g. https://staging.myapp.dev)");
}
const PEAK = Math.min(Number(__ENV.PEAK_VUS || 50), 200);

export const options = {
  stages: [
    { duration: "1m", target: Math.ceil(PEAK / 2) },
    { duration: "3m", target: PEAK },
    { duration: "1m", target: 0 },
  ],
  thresholds: {
    http_req_duration: ["p(95)<500"],
    http_req_failed: ["rate<0.01"],
  },
  maxDuration: "15m",
};

export default function () {
  const res = http.get(`${TARGET}/api/health`);
  check(res, { "status 200": (r) => r.status === 200 });
  const list = http.get(`${TARGET}/api/products?limit=20`);
  check(list, { "list ok": (r) => r.status === 200 });
  sleep(1);
}
