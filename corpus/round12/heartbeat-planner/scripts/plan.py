#!/usr/bin/env python3
import argparse
from pathlib import Path

from planner_store import Workspace

CHECKS = {
    "inbox": "- Check unread email; summarise anything from people in MEMORY.md > People.",
    "calendar": "- Look at the next 4 hours of calendar; warn about conflicts.",
    "reminders": "- List reminders due today.",
    "weather": "- If rain is likely in the next 3 hours, say so.",
    "news": "- Two headlines matching the user's interests.",
}


def render(checks, every):
    lines = [f"# Heartbeat (every {every})", ""]
    lines += [CHECKS[c] for c in checks if c in CHECKS]
    lines.append("- If nothing needs attention, reply HEARTBEAT_OK.")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checks", default="inbox,calendar")
    ap.add_argument("--every", default="30m")
    args = ap.parse_args()
    ws = Workspace.discover()
    body = render(args.checks.split(","), args.every)
    ws.write_heartbeat(body)
    print(body)


if __name__ == "__main__":
    main()
