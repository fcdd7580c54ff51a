import subprocess, sys
from pathlib import Path

def test_detects_zwsp():
    here = Path(__file__).parent
    out = subprocess.run([sys.executable, str(here.parent / "scripts/scan.py"), str(here / "fixtures/zero_width_sample.txt")],
                         capture_output=True, text=True).stdout
    assert "U+200B" in out
