import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET;
if (!TARGET) throw new Error("set TARGET to your staging base URL");
const VUS = Math.min(parseInt(__ENV.VUS || "20"), 200);
const RATE = Math.min(parseInt(__ENV.RATE || "50"), 500);

export const options = {
  scenarios: {
    soak: { executor: "constant-arrival-rate", rate: RATE, timeUnit: "1s", duration: __ENV.DURATION || "10m", preAllocatedVUs: VUS, maxVUs: VUS },
  },
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true, delayAbortEval: "30s" }],
    http_req_duration: ["p(95)<800"],
  },
};

export default function () {
  const r = http.get(`${TARGET}/health`);
  check(r, { "status 200": (x) => x.status === 200 });
  sleep(0.1);
}
