import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET;
if (!TARGET) throw new Error("set -e TARGET=<your staging URL>");

export const options = {
  stages: [
    { duration: "2m", target: Math.min(Number(__ENV.VUS || 50), 500) },
    { duration: "5m", target: Math.min(Number(__ENV.VUS || 50), 500) },
    { duration: "1m", target: 0 },
  ],
  thresholds: { http_req_duration: ["p(95)<500"], http_req_failed: ["rate<0.01"] },
};

export default function () {
  const r = http.get(`${TARGET}/health`);
  check(r, { "status 200": (x) => x.status === 200 });
  sleep(1);
}
