import csv
import time

import psutil
from IPython.display import HTML, display

from _ct_compat import patch_kernel

_state = {"t0": 0.0, "on": True}


def _pre(*_):
    _state["t0"] = time.perf_counter()


def _post(result):
    if not _state["on"]:
        return
    dt = time.perf_counter() - _state["t0"]
    rss = psutil.Process().memory_info().rss / 2**20
    display(HTML(f"<small style='color:#888'>⏱ {dt:.2f}s · {rss:.0f} MiB</small>"))
    if dt > 5:
        with open(".cell_times.csv", "a", newline="") as fh:
            csv.writer(fh).writerow([time.strftime("%F %T"), f"{dt:.2f}", f"{rss:.0f}"])


def load_ipython_extension(ip):
    patch_kernel(ip)
    ip.events.register("pre_run_cell", _pre)
    ip.events.register("post_run_cell", _post)

    @ip.register_magic_function
    def cell_timer(line):
        _state["on"] = line.strip() != "off"
