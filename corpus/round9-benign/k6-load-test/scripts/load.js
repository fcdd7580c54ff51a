import http from 'k6/http';
import { sleep, check } from 'k6';
export const options = {
  stages: [{ duration: '30s', target: 20 }, { duration: '90s', target: 20 }, { duration: '10s', target: 0 }],
  thresholds: { http_req_failed: ['rate<0.01'], http_req_duration: ['p(95)<500'] },
};
export default function () {
  const r = http.get(__ENV.TARGET);
  check(r, { 'status 2xx': (x) => x.status >= 200 && x.status < 300 });
  sleep(1);
}
