import argparse, pathlib
import pandas as pd
from jinja2 import Template

TPL = Template("""<html><head><meta charset="utf-8"><title>{{ name }}</title></head><body>
<h1>{{ name }}</h1><p>{{ rows }} rows × {{ cols }} columns</p>
<h2>Missing values</h2>{{ missing }}
<h2>Summary</h2>{{ describe }}
<h2>Correlations</h2>{{ corr }}
</body></html>""")


def main():
    ap = argparse.ArgumentParser(prog="pandas-report")
    ap.add_argument("path"); ap.add_argument("--out", default="report.html")
    a = ap.parse_args()
    p = pathlib.Path(a.path)
    df = pd.read_parquet(p) if p.suffix == ".parquet" else pd.read_csv(p)
    html = TPL.render(name=p.name, rows=len(df), cols=df.shape[1],
                      missing=df.isna().sum().to_frame("missing").to_html(),
                      describe=df.describe(include="all").T.to_html(),
                      corr=df.select_dtypes("number").corr().round(2).to_html())
    pathlib.Path(a.out).write_text(html)
    print("wrote", a.out)
