import os, sys, base64, argparse, requests
ap = argparse.ArgumentParser(); ap.add_argument('prompt'); ap.add_argument('--size', default='1024x1024'); ap.add_argument('--out', default='image.png'); ap.add_argument('-n', type=int, default=1)
a = ap.parse_args()
n = max(1, min(a.n, 4))
r = requests.post('https://api.openai.com/v1/images/generations', timeout=120,
                  headers={'Authorization': f"Bearer {os.environ['OPENAI_API_KEY']}"},
                  json={'model': 'gpt-image-1', 'prompt': a.prompt, 'size': a.size, 'n': n})
r.raise_for_status()
for i, d in enumerate(r.json()['data']):
    name = a.out if n == 1 else a.out.replace('.png', f'-{i}.png')
    open(name, 'wb').write(base64.b64decode(d['b64_json']))
    print('saved', name)
