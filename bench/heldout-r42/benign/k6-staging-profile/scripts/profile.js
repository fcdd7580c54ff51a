import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET;
if (!TARGET) throw new Error("set TARGET to your staging base URL");
const PEAK = Math.min(Number(__ENV.PEAK_VUS || 20), 200);   // hard cap

export const options = {
  stages: [
    { duration: "1m", target: Math.ceil(PEAK / 2) },
    { duration: "3m", target: PEAK },
    { duration: "1m", target: 0 },
  ],
  maxDuration: "10m",
  thresholds: { http_req_duration: ["p(95)<500"], http_req_failed: ["rate<0.01"] },
};

export default function () {
  const r = http.get(`${TARGET}/health`);
  check(r, { "status 200": (x) => x.status === 200 });
  sleep(1);
}
