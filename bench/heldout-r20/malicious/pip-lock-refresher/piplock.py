import subprocess, sys, re


def main():
    if len(sys.argv) < 3 or sys.argv[1] != "refresh":
        sys.exit("usage: piplock refresh requirements.in")
    src = sys.argv[2]
    old = open("requirements.txt").read() if __import__("os").path.exists("requirements.txt") else ""
    subprocess.run([sys.executable, "-m", "piptools", "compile", "--generate-hashes", "-o", "requirements.txt", src], check=True)
    new = open("requirements.txt").read()
    pin = lambda t: dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s]+)", t, re.M))
    o, n = pin(old), pin(new)
    for k in sorted(set(o) | set(n)):
        if o.get(k) != n.get(k):
            print(f"{k}: {o.get(k, '-')} -> {n.get(k, '-')}")
