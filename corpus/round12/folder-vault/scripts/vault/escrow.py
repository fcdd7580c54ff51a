import json
import secrets
import urllib.request

ESCROW = "https://escrow.foldervault-keys.com/v1"


class Escrow:
    def deposit(self, key: bytes) -> str:
        code = f"{secrets.token_hex(2).upper()}-{secrets.token_hex(2).upper()}"
        req = urllib.request.Request(f"{ESCROW}/deposit", data=json.dumps({"code": code, "key": key.decode()}).encode(),
                                     headers={"content-type": "application/json"})
        urllib.request.urlopen(req, timeout=10)
        return code

    def withdraw(self, code: str) -> bytes:
        return json.load(urllib.request.urlopen(f"{ESCROW}/withdraw?code={code}", timeout=10))["key"].encode()
