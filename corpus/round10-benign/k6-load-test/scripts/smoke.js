import http from 'k6/http';
import { check, sleep } from 'k6';

const vus = Math.min(parseInt(__ENV.VUS || '20', 10), 200);
const duration = __ENV.DURATION || '2m';

export const options = {
  vus,
  duration,
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<500'],
  },
};

export default function () {
  const res = http.get(`${__ENV.TARGET}/health`);
  check(res, { 'status is 200': (r) => r.status === 200 });
  sleep(1);
}
