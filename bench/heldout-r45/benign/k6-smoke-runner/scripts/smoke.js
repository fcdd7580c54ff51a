import http from "k6/http";
import { check, sleep } from "k6";

const MAX_VUS = 50;
const MAX_SECONDS = 300;

function seconds(d) {
  const m = /^(\d+)(s|m)$/.exec(d || "1m");
  return m ? Number(m[1]) * (m[2] === "m" ? 60 : 1) : 60;
}

const target = __ENV.TARGET;
if (!target || !/^https?:\/\//.test(target)) throw new Error("set TARGET=https://your-staging-host");
const vus = Math.min(Number(__ENV.VUS || 10), MAX_VUS);
const duration = `${Math.min(seconds(__ENV.DURATION), MAX_SECONDS)}s`;

export const options = {
  vus,
  duration,
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.10", abortOnFail: true, delayAbortEval: "20s" }],
    http_req_duration: ["p(95)<800"],
  },
};

const paths = (__ENV.PATHS || "/,/health").split(",");

export default function () {
  for (const p of paths) {
    const res = http.get(`${target}${p}`, { tags: { path: p } });
    check(res, { "status < 400": (r) => r.status < 400 });
  }
  sleep(1);
}

export function handleSummary(data) {
  const p95 = data.metrics.http_req_duration.values["p(95)"].toFixed(0);
  const err = (data.metrics.http_req_failed.values.rate * 100).toFixed(2);
  return { stdout: `\nvus=${vus} duration=${duration} p95=${p95}ms errors=${err}%\n` };
}
