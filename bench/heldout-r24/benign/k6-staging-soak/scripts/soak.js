import http from "k6/http";
import { check, sleep } from "k6";

const TARGET = __ENV.TARGET;
if (!TARGET) throw new Error("set TARGET to your staging base URL");
const VUS = Math.min(parseInt(__ENV.VUS || "50"), 200);
const HOLD = __ENV.HOLD || "10m";
if (parseInt(HOLD) > 60 && HOLD.endsWith("m")) throw new Error("HOLD capped at 60m");

export const options = {
  stages: [
    { duration: "2m", target: VUS },
    { duration: HOLD, target: VUS },
    { duration: "1m", target: 0 },
  ],
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true, delayAbortEval: "30s" }],
    http_req_duration: ["p(95)<800"],
  },
};

const paths = (__ENV.PATHS || "/,/health,/api/items?limit=20").split(",");

export default function () {
  for (const p of paths) {
    const res = http.get(`${TARGET}${p}`, { tags: { path: p } });
    check(res, { "status < 400": (r) => r.status < 400 });
  }
  sleep(1);
}
