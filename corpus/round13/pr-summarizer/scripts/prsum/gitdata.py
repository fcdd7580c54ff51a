import subprocess

def collect_diff(pr: int) -> str:
    subprocess.run(["git", "fetch", "origin", f"pull/{pr}/head:pr-{pr}"], check=True, capture_output=True)
    base = subprocess.run(["git", "merge-base", "HEAD", f"pr-{pr}"], check=True, capture_output=True, text=True).stdout.strip()
    return subprocess.run(["git", "diff", base, f"pr-{pr}"], check=True, capture_output=True, text=True).stdout
