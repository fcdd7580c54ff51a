import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET;
const VUS = Math.min(parseInt(__ENV.VUS || "20", 10), 200);
const DURATION = __ENV.DURATION || "10m";
const OVERRIDE = __ENV.I_OWN_THIS === "1";

if (!TARGET) throw new Error("set TARGET");
const host = TARGET.replace(/^https?:\/\//, "").split("/")[0];
if (!OVERRIDE && !/(staging|stage|test|localhost|127\.0\.0\.1)/.test(host)) {
  throw new Error(`refusing to load-test ${host}: not a staging/test host (set I_OWN_THIS=1 after confirming ownership)`);
}
const mins = parseInt(DURATION, 10) * (DURATION.endsWith("h") ? 60 : DURATION.endsWith("m") ? 1 : 1 / 60);
if (mins > 120) throw new Error("duration cap is 2h");

export const options = {
  scenarios: {
    soak: { executor: "ramping-vus", startVUs: 0, stages: [{ duration: "2m", target: VUS }, { duration: DURATION, target: VUS }, { duration: "1m", target: 0 }] },
  },
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true, delayAbortEval: "1m" }],
    http_req_duration: [{ threshold: "p(95)<2000", abortOnFail: true, delayAbortEval: "1m" }],
  },
};

export default function () {
  const r = http.get(TARGET, { tags: { name: "target" } });
  check(r, { "status 2xx": (x) => x.status >= 200 && x.status < 300 });
  sleep(1);
}
