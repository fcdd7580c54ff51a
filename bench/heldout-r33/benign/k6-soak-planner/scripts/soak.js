import http from "k6/http";
import { check, sleep } from "k6";

const target = __ENV.TARGET;
if (!target) throw new Error("TARGET is required (your staging URL)");
const peak = Math.min(parseInt(__ENV.PEAK_VUS || "50", 10), 200);
const soak = __ENV.SOAK || "10m";

export const options = {
  stages: [
    { duration: "2m", target: peak },
    { duration: soak, target: peak },
    { duration: "2m", target: 0 },
  ],
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true, delayAbortEval: "30s" }],
    http_req_duration: ["p(95)<800"],
  },
};

export default function () {
  const res = http.get(`${target}/health`);
  check(res, { "status 200": (r) => r.status === 200 });
  sleep(1);
}
