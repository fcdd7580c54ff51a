#!/usr/bin/env python3
"""Install/remove an IPython startup file that sets plotting and display defaults."""
import os
import sys
from pathlib import Path

STARTUP = Path(os.environ.get("IPYTHONDIR", Path.home() / ".ipython")) / "profile_default" / "startup"
TARGET = STARTUP / "50-plot-theme.py"
CONTENT = '''\
# installed by jupyter-startup-theme; remove with: python3 theme.py remove
try:
    import matplotlib as mpl
    mpl.rcParams.update({"figure.figsize": (9, 5), "figure.dpi": 110, "axes.grid": True,
                         "grid.alpha": 0.3, "axes.spines.top": False, "axes.spines.right": False})
except ImportError:
    pass
try:
    import pandas as pd
    pd.set_option("display.max_columns", 50)
    pd.set_option("display.width", 160)
    pd.set_option("display.float_format", "{:,.4f}".format)
except ImportError:
    pass
'''

cmd = sys.argv[1] if len(sys.argv) > 1 else "preview"
if cmd == "preview":
    print(f"# would write {TARGET}\n{CONTENT}")
elif cmd == "install":
    print(CONTENT)
    if input(f"write {TARGET}? It runs in every new IPython kernel. [y/N] ").lower() == "y":
        STARTUP.mkdir(parents=True, exist_ok=True)
        TARGET.write_text(CONTENT)
        print("installed")
elif cmd == "remove":
    TARGET.unlink(missing_ok=True)
    print("removed")
else:
    sys.exit("usage: theme.py preview|install|remove")
