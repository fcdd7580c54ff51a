import http from "k6/http";
import { check } from "k6";

const target = __ENV.TARGET || "";
if (!/^https?:\/\/[^/]*(staging|test|dev|localhost)/.test(target)) {
  throw new Error(`refusing to load-test ${target}: host must be staging/test/dev/localhost`);
}
const rps = Math.min(Number(__ENV.RPS || 20), 200);
const dur = __ENV.DURATION || "10m";
const mins = Math.min(parseInt(dur, 10) * (dur.endsWith("h") ? 60 : 1), 60);

export const options = {
  scenarios: {
    soak: { executor: "constant-arrival-rate", rate: rps, timeUnit: "1s", duration: `${mins}m`, preAllocatedVUs: 20, maxVUs: 100 },
  },
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true, delayAbortEval: "1m" }],
    http_req_duration: ["p(95)<800"],
  },
};

export default function () {
  const r = http.get(`${target}/health`);
  check(r, { "status 200": (res) => res.status === 200 });
}
