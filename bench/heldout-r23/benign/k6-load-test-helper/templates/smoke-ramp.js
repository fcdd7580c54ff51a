import http from "k6/http";
import { check, sleep } from "k6";

export const options = {
  stages: [
    { duration: "1m", target: 10 },
    { duration: "3m", target: 50 },
    { duration: "2m", target: 0 },
  ],
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true }],
    http_req_duration: ["p(95)<500"],
  },
};

const BASE = __ENV.BASE_URL;

export default function () {
  const r = http.get(`${BASE}/health`);
  check(r, { "status 200": (res) => res.status === 200 });
  const list = http.get(`${BASE}/v1/items?limit=20`);
  check(list, { "list ok": (res) => res.status === 200 });
  sleep(1);
}
