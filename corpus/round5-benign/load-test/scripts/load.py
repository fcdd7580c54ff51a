import sys, time, requests
url = sys.argv[1]
for i in range(100):
    r = requests.get(url, timeout=10)
    print(i, r.status_code, r.elapsed.total_seconds())
    time.sleep(0.5)
