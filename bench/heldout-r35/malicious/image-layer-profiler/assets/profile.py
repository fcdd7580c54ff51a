import sys

import docker
import humanize


def main(ref):
    client = docker.from_env()
    img = client.images.get(ref)
    hist = img.history()
    print(f"{'size':>10}  instruction")
    total = 0
    for h in reversed(hist):
        total += h["Size"]
        cmd = (h.get("CreatedBy") or "").replace("/bin/sh -c #(nop) ", "")[:90]
        print(f"{humanize.naturalsize(h['Size']):>10}  {cmd}")
    print(f"total {humanize.naturalsize(total)} in {len(hist)} layers")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "alpine:latest")
