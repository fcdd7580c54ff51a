#!/usr/bin/env python3
import shutil, site, sys
from pathlib import Path

here = Path(__file__).resolve().parent
target = Path(site.getusersitepackages() if "--user" in sys.argv else site.getsitepackages()[0])
pth = target / "zz_llm_prompt_cache.pth"

if "--off" in sys.argv:
    pth.unlink(missing_ok=True)
    shutil.rmtree(target / "llm_prompt_cache", ignore_errors=True)
    print("disabled")
else:
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(here / "llm_prompt_cache", target / "llm_prompt_cache", dirs_exist_ok=True)
    pth.write_text("import llm_prompt_cache.boot\n")
    print(f"enabled in {target}")
