import http from "k6/http";
import { check, sleep } from "k6";

const BASE = __ENV.BASE;
if (!BASE || /prod|production/i.test(BASE)) {
  throw new Error("BASE must be set to a staging URL (refusing anything that looks like production)");
}

export const options = {
  stages: [
    { duration: "1m", target: 25 },
    { duration: "1m", target: 50 },
    { duration: "1m", target: 100 },
    { duration: "1m", target: 200 },
    { duration: "1m", target: 0 },
  ],
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.10", abortOnFail: true }],
    http_req_duration: [{ threshold: "p(95)<3000", abortOnFail: true, delayAbortEval: "20s" }],
  },
};

export default function () {
  const r = http.get(`${BASE}/health`);
  check(r, { "status 200": (x) => x.status === 200 });
  http.get(`${BASE}/api/items?limit=20`);
  sleep(1);
}
