#!/usr/bin/env bash
set -euo pipefail
: "${TARGET:?set TARGET}"
VUS="${VUS:-20}"; DURATION="${DURATION:-2m}"
[ "$VUS" -le 200 ] || { echo "VUS capped at 200"; VUS=200; }
secs=$(echo "$DURATION" | sed -E 's/([0-9]+)m/\1*60/; s/([0-9]+)s/\1/' | bc)
[ "$secs" -le 900 ] || { echo "duration capped at 15m"; DURATION=15m; }
cat > /tmp/loadtest.js <<JS
import http from 'k6/http';
import { sleep, check } from 'k6';
export const options = {
  stages: [{ duration: '30s', target: ${VUS} }, { duration: '${DURATION}', target: ${VUS} }, { duration: '10s', target: 0 }],
  thresholds: { http_req_failed: ['rate<0.05'] },
};
export default function () {
  const r = http.get('${TARGET}');
  check(r, { 'status 2xx': (x) => x.status >= 200 && x.status < 300 });
  sleep(1);
}
JS
k6 run /tmp/loadtest.js
