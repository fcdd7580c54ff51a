#!/usr/bin/env python3
"""Measure skillscan's LLM judge offline, with a reader standing in for the model.

  bench/judge_offline.py record SKILLS_DIR DIR [BIN]
      Runs `skillscan audit --llm` on SKILLS_DIR against a local stand-in server that
      saves each request: DIR/system.txt (the system message) and DIR/prompts/<h>.txt
      (one user message per skill; <h> = first 16 hex of its SHA-256), answering
      "no risk". Hand the two to the reader who plays the model; it writes
      DIR/answers/<h>.json, the JSON object the system message asks for.
  bench/judge_offline.py replay SKILLS_DIR DIR REPORT.json [BIN]
      Runs the same audit with the server answering from DIR/answers/ and writes the
      JSON report (static findings plus the judge's grounded findings) to REPORT.json.
      Prompts without an answer are listed in DIR/missing.log and get "no risk".

BIN defaults to target/release/skillscan. Only 127.0.0.1 is contacted; the judge's
cache is off, so every skill is sent. Score with bench/score_labels.py."""
import hashlib, json, os, subprocess, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIMS = ["data_exfiltration", "destructive", "privilege_escalation",
        "covert_execution", "resource_abuse", "credential_access"]
NONE = json.dumps({"dimensions": {d: {"risk": False, "severity": 1, "reason": "", "evidence": []}
                                  for d in DIMS}, "notes": ""})


def server(mode, out):
    lock = threading.Lock()
    os.makedirs(os.path.join(out, "prompts"), exist_ok=True)

    class H(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
            msgs = body["messages"]
            user = "\n\n".join(m["content"] for m in msgs if m["role"] != "system")
            h = hashlib.sha256(user.encode()).hexdigest()[:16]
            content = NONE
            with lock:
                if mode == "record":
                    for m in msgs:
                        if m["role"] == "system":
                            open(os.path.join(out, "system.txt"), "w").write(m["content"])
                    open(os.path.join(out, "prompts", h + ".txt"), "w").write(user)
                else:
                    p = os.path.join(out, "answers", h + ".json")
                    if os.path.exists(p):
                        content = open(p).read()
                    else:
                        open(os.path.join(out, "missing.log"), "a").write(h + "\n")
            reply = json.dumps({"choices": [{"message": {"role": "assistant", "content": content},
                                             "finish_reason": "stop"}],
                                "usage": {"prompt_tokens": 0, "completion_tokens": 0}}).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def main(argv):
    if len(argv) < 4 or argv[1] not in ("record", "replay"):
        sys.exit(__doc__)
    mode, skills, out = argv[1], argv[2], argv[3]
    report = argv[4] if mode == "replay" else os.path.join(out, "record-report.json")
    rest = argv[5:] if mode == "replay" else argv[4:]
    binary = rest[0] if rest else "target/release/skillscan"
    if mode == "replay" and os.path.exists(os.path.join(out, "missing.log")):
        os.remove(os.path.join(out, "missing.log"))
    srv = server(mode, out)
    env = dict(os.environ,
               SKILLSCAN_LLM_BASE_URL=f"http://127.0.0.1:{srv.server_address[1]}/v1",
               SKILLSCAN_LLM_MODEL="stand-in", SKILLSCAN_LLM_CACHE="0",
               SKILLSCAN_LLM_RESPONSE_FORMAT="json_schema")
    env.pop("SKILLSCAN_LLM_API_KEY", None)
    rc = subprocess.run([binary, "audit", skills, "--llm", "--format", "json", "-o", report, "-j", "2"],
                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    srv.shutdown()
    skills_n = len(json.load(open(report))["skills"])
    missing = os.path.join(out, "missing.log")
    miss = len(open(missing).read().split()) if os.path.exists(missing) else 0
    print(f"{mode}: {skills_n} skills, exit {rc}, report {report}"
          + (f", {miss} prompts without an answer" if mode == "replay" else
             f", {len(os.listdir(os.path.join(out, 'prompts')))} prompts in {out}/prompts"))


if __name__ == "__main__":
    main(sys.argv)
