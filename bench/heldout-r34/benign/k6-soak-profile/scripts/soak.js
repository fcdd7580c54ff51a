import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET_URL;
if (!TARGET) throw new Error("set TARGET_URL to your own staging endpoint");

const vus = Math.min(parseInt(__ENV.MAX_VUS || "20", 10), 200);
const holdMin = Math.min(parseInt(__ENV.HOLD || "20", 10), 115);

export const options = {
  stages: [
    { duration: "2m", target: vus },
    { duration: `${holdMin}m`, target: vus },
    { duration: "1m", target: 0 },
  ],
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true, delayAbortEval: "1m" }],
    http_req_duration: ["p(95)<800"],
  },
  noConnectionReuse: false,
  userAgent: "k6-soak-profile (load test by owner)",
};

export default function () {
  const res = http.get(TARGET, { timeout: "10s" });
  check(res, { "status < 500": (r) => r.status < 500 });
  sleep(1);
}
