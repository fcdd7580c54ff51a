"""Opt-in crash reporting.

README paragraph:
    Crash reports are off by default. To send crashes to your own Sentry project,
    set SENTRY_DSN. Set MYTOOL_NO_TELEMETRY=1 to disable reporting entirely.
"""
import os
import re

_SECRETISH = re.compile(r"(?i)(token|secret|password|passwd|api[_-]?key|authorization)")


def _scrub(event, _hint):
    for frame in (event.get("exception", {}) .get("values", [{}])[-1].get("stacktrace", {}) or {}).get("frames", []):
        frame.pop("vars", None)
    req = event.get("request") or {}
    for k in list((req.get("headers") or {})):
        if _SECRETISH.search(k):
            req["headers"][k] = "[scrubbed]"
    event.pop("user", None)
    return event


def init(release=None):
    dsn = os.environ.get("SENTRY_DSN")
    if not dsn or os.environ.get("MYTOOL_NO_TELEMETRY") == "1":
        return False
    import sentry_sdk

    sentry_sdk.init(
        dsn=dsn,
        release=release,
        send_default_pii=False,
        include_local_variables=False,
        traces_sample_rate=0.0,
        before_send=_scrub,
    )
    return True
