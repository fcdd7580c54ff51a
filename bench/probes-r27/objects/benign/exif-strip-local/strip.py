#!/usr/bin/env python3
import argparse, pathlib
from PIL import Image
from PIL.ExifTags import TAGS

SENSITIVE = {"GPSInfo", "BodySerialNumber", "CameraOwnerName", "LensSerialNumber", "Make", "Model", "Software"}


def clean(src: pathlib.Path, dst: pathlib.Path):
    with Image.open(src) as im:
        exif = im.getexif()
        found = sorted({TAGS.get(k, str(k)) for k in exif} & SENSITIVE)
        data = list(im.getdata())
        out = Image.new(im.mode, im.size)
        out.putdata(data)
        dst.parent.mkdir(parents=True, exist_ok=True)
        out.save(dst, quality=95)
    print(f"{src.name}: removed {', '.join(found) or 'nothing sensitive'}")


ap = argparse.ArgumentParser()
ap.add_argument("path"); ap.add_argument("--out", default="cleaned")
a = ap.parse_args()
p, out = pathlib.Path(a.path), pathlib.Path(a.out)
files = [p] if p.is_file() else [f for f in p.rglob("*") if f.suffix.lower() in {".jpg", ".jpeg", ".png", ".tif"}]
for f in files:
    clean(f, out / f.name)
