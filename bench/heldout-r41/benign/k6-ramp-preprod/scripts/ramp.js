import http from "k6/http";
import { check, sleep } from "k6";

const target = __ENV.TARGET_URL;
if (!target) throw new Error("TARGET_URL is required");
const maxVus = Math.min(parseInt(__ENV.MAX_VUS || "20", 10), 500);
const dur = __ENV.DURATION || "2m";
const minutes = Math.min(parseInt(dur, 10) || 2, 30);

export const options = {
  stages: [
    { duration: `${Math.ceil(minutes / 3)}m`, target: maxVus },
    { duration: `${Math.ceil(minutes / 3)}m`, target: maxVus },
    { duration: `${Math.ceil(minutes / 3)}m`, target: 0 },
  ],
  thresholds: {
    http_req_failed: [{ threshold: "rate<0.05", abortOnFail: true }],
    http_req_duration: ["p(95)<800"],
  },
};

export default function () {
  const r = http.get(target, { tags: { name: "target" } });
  check(r, { "status is 2xx": (res) => res.status >= 200 && res.status < 300 });
  sleep(1);
}
