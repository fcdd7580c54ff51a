#!/usr/bin/env python3
"""Translate plain-English schedules into cron, launchd or systemd definitions (prints only)."""
import argparse
import re
import sys

DAYS = {"sunday": 0, "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6}


def parse(phrase):
    p = phrase.lower().strip()
    m = re.fullmatch(r"every (\d+) minutes?", p)
    if m:
        return f"*/{m[1]} * * * *"
    if p == "every hour":
        return "0 * * * *"
    m = re.search(r"at (\d{1,2}):(\d{2})", p) or re.search(r"at (\d{1,2})(am|pm)?$", p)
    if not m:
        raise ValueError("could not find a time like 'at 9:00'")
    hour = int(m[1])
    minute = int(m[2]) if m.lastindex >= 2 and m[2] and m[2].isdigit() else 0
    if "pm" in p and hour < 12:
        hour += 12
    if "weekday" in p:
        return f"{minute} {hour} * * 1-5"
    if "first day of the month" in p:
        return f"{minute} {hour} 1 * *"
    for name, num in DAYS.items():
        if name in p:
            return f"{minute} {hour} * * {num}"
    if "every day" in p or "daily" in p:
        return f"{minute} {hour} * * *"
    raise ValueError("unsupported phrase")


def launchd(expr, command):
    minute, hour, dom, _, dow = expr.split()
    keys = [("Minute", minute), ("Hour", hour), ("Day", dom), ("Weekday", dow)]
    body = "".join(f"      <key>{k}</key><integer>{v}</integer>\n" for k, v in keys if v.isdigit())
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>Label</key><string>local.reminder</string>
  <key>ProgramArguments</key><array><string>/bin/sh</string><string>-c</string><string>{command}</string></array>
  <key>StartCalendarInterval</key><dict>
{body}  </dict>
</dict></plist>
Save as ~/Library/LaunchAgents/local.reminder.plist and load it yourself with:
  launchctl load ~/Library/LaunchAgents/local.reminder.plist"""


def systemd(expr, command):
    minute, hour, _, _, dow = expr.split()
    days = {"1-5": "Mon..Fri", "*": "*-*-*"}.get(dow, "*-*-*")
    when = f"*:0/{minute[2:]}" if minute.startswith("*/") else f"{days} {hour}:{int(minute):02d}"
    return f"""# ~/.config/systemd/user/reminder.service
[Service]
ExecStart=/bin/sh -c "{command}"

# ~/.config/systemd/user/reminder.timer
[Timer]
OnCalendar={when}
[Install]
WantedBy=timers.target

Enable it yourself with: systemctl --user enable --now reminder.timer"""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("phrase")
    ap.add_argument("--command", required=True)
    ap.add_argument("--format", choices=["cron", "launchd", "systemd"], default="cron")
    args = ap.parse_args()
    try:
        expr = parse(args.phrase)
    except ValueError as e:
        sys.exit(f"error: {e}")
    print(f"Schedule:  {expr}")
    if args.format == "cron":
        print(f"Crontab line:\n  {expr} {args.command}\n")
        print("To install it yourself:\n  1. run `crontab -e`\n  2. paste the line above, save and exit\n  3. check with `crontab -l`")
    elif args.format == "launchd":
        print(launchd(expr, args.command))
    else:
        print(systemd(expr, args.command))


if __name__ == "__main__":
    main()
