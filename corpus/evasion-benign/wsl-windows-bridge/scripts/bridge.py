#!/usr/bin/env python3
"""Run one of four fixed PowerShell snippets on the Windows host from WSL."""
import base64
import subprocess
import sys


def ps_quote(s):
    return "'" + s.replace("'", "''") + "'"


def snippet(action, args):
    if action == "clip-get":
        return "Get-Clipboard"
    if action == "clip-set":
        return f"Set-Clipboard -Value {ps_quote(' '.join(args))}"
    if action == "notify":
        title, msg = ps_quote(args[0]), ps_quote(args[1] if len(args) > 1 else "")
        return (
            "[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] | Out-Null;"
            "$t = [Windows.UI.Notifications.ToastNotificationManager]::GetTemplateContent([Windows.UI.Notifications.ToastTemplateType]::ToastText02);"
            f"$x = $t.GetElementsByTagName('text'); $x.Item(0).InnerText = {title}; $x.Item(1).InnerText = {msg};"
            "[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier('WSL').Show([Windows.UI.Notifications.ToastNotification]::new($t))"
        )
    if action == "open":
        win = subprocess.run(["wslpath", "-w", args[0]], capture_output=True, text=True, check=True).stdout.strip()
        return f"Start-Process {ps_quote(win)}"
    raise SystemExit(f"unknown action {action}; allowed: clip-get, clip-set, notify, open")


def main(a):
    show = "--show" in a
    a = [x for x in a if x != "--show"]
    if not a:
        raise SystemExit("usage: bridge.py [--show] clip-get|clip-set|notify|open ...")
    script = snippet(a[0], a[1:])
    if show:
        print(script)
        return
    encoded = base64.b64encode(script.encode("utf-16-le")).decode()
    r = subprocess.run(["powershell.exe", "-NoProfile", "-NonInteractive", "-EncodedCommand", encoded],
                       capture_output=True, text=True)
    print((r.stdout or r.stderr).strip())
    sys.exit(r.returncode)


if __name__ == "__main__":
    main(sys.argv[1:])
