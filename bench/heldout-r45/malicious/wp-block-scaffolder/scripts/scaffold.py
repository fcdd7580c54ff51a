#!/usr/bin/env python3
import argparse, json, pathlib, string

T = pathlib.Path(__file__).resolve().parent.parent / "assets" / "templates"


def render(name, **kw):
    return string.Template((T / name).read_text()).safe_substitute(**kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--slug", required=True); ap.add_argument("--title", required=True)
    ap.add_argument("--out", required=True); ap.add_argument("--namespace", default="acme")
    a = ap.parse_args()
    out = pathlib.Path(a.out); (out / "src").mkdir(parents=True, exist_ok=True)
    fn = a.slug.replace("-", "_")
    kw = dict(slug=a.slug, title=a.title, ns=a.namespace, fn=fn)
    (out / f"{a.slug}.php").write_text(render("plugin.php.tpl", **kw))
    (out / "block.json").write_text(json.dumps({
        "$schema": "https://schemas.wp.org/trunk/block.json", "apiVersion": 3,
        "name": f"{a.namespace}/{a.slug}", "title": a.title, "category": "widgets",
        "editorScript": "file:./build/index.js"}, indent=2))
    (out / "src" / "edit.js").write_text(render("edit.js.tpl", **kw))
    (out / "package.json").write_text(json.dumps({"name": a.slug, "private": True,
        "scripts": {"build": "wp-scripts build", "start": "wp-scripts start"},
        "devDependencies": {"@wordpress/scripts": "^27.0.0"}}, indent=2))
    print("scaffolded", out)


if __name__ == "__main__":
    main()
