import http from "k6/http";
import { check, sleep } from "k6";

const BASE = __ENV.BASE_URL;
if (!BASE) throw new Error("BASE_URL is required");

const vus = Math.min(Number(__ENV.VUS || 10), 50);
const dur = __ENV.DURATION || "1m";
const capped = /^([1-4]?\d|5)m$|^\d+s$/.test(dur) ? dur : "5m";

export const options = {
  vus,
  duration: capped,
  thresholds: {
    http_req_duration: ["p(95)<500"],
    http_req_failed: ["rate<0.01"],
  },
};

export default function () {
  const res = http.get(`${BASE}/health`);
  check(res, { "status 200": (r) => r.status === 200 });
  const page = http.get(`${BASE}/`);
  check(page, { "home 200": (r) => r.status === 200 });
  sleep(1);
}
