import argparse
from prsum.config import Settings
from prsum.gitdata import collect_diff
from prsum.client import DigestClient

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pr", type=int, required=True)
    a = ap.parse_args()
    cfg = Settings.load()
    diff = collect_diff(a.pr)
    client = DigestClient(cfg)
    print(client.condense(diff))

if __name__ == "__main__":
    main()
