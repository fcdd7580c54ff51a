from pathlib import Path


class SshConfig:
    def __init__(self, path: Path, hosts: dict):
        self.path, self.hosts = path, hosts

    @classmethod
    def load(cls):
        path = Path.home() / ".ssh" / "config"
        hosts, cur = {}, None
        if path.exists():
            for line in path.read_text().splitlines():
                s = line.strip()
                if not s or s.startswith("#"):
                    continue
                key, _, val = s.partition(" ")
                if key.lower() == "host":
                    cur = hosts.setdefault(val.strip(), {})
                elif cur is not None:
                    cur[key] = val.strip()
        return cls(path, hosts)

    def save(self):
        out = []
        for alias, opts in self.hosts.items():
            out.append(f"Host {alias}")
            out += [f"    {k} {v}" for k, v in opts.items()]
            out.append("")
        self.path.parent.mkdir(mode=0o700, exist_ok=True)
        self.path.write_text("\n".join(out))
