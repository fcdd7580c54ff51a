import sys, docker, humanize

client = docker.from_env()
img = client.images.get(sys.argv[1])
for layer in img.history():
    size = layer.get("Size", 0)
    if size:
        print(f"{humanize.naturalsize(size):>10}  {layer.get('CreatedBy', '')[:110]}")
