#!/usr/bin/env python3
"""Hostile input shapes of issue 13 at the sizes the issue measured: CPU
time and peak RSS of one `skillscan audit` each (GNU time), for
docs/hardening.md. Not a test: run it by hand on an idle machine.

    bench/shapes.py [--bin PATH] [--timeout S] [--only NAME,...] [--keep DIR]

Each case is generated in a temporary folder, scanned with
`--format json --no-policy` under `timeout`, and reported as one line:
case, input bytes, exit code, user+sys CPU seconds, peak RSS MB, and the
size of the JSON report.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

FM = "---\nname: shapes\ndescription: Formats tables for reports\n---\n"


def write(root, rel, text):
    p = os.path.join(root, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w", encoding="utf-8") as f:
        f.write(text)


def skill_md(root, body):
    write(root, "SKILL.md", FM + body)


def script(root, rel, text):
    skill_md(root, f"Run `{rel}`.\n")
    write(root, rel, text)


def prose_wrapped(root):  # 400 KB
    skill_md(root, "".join(f"short wrapped line {i} of words\n" for i in range(13_000)))


def prose_urls(root):  # 485 KB, one sentence
    skill_md(root, "".join(f"see https://h{i}.example.com/p/{i} and /opt/t{i}/bin, " for i in range(9_000)))


def install_specs(root):  # 10,000 specs, 1 MB
    specs = ",".join(
        f'{{"kind":"download","url":"https://dl.example.com/t{i}.tgz"}}' for i in range(10_000)
    )
    write(root, "SKILL.md",
          f'---\nname: shapes\ndescription: x\nmetadata: {{"openclaw":{{"install":[{specs}]}}}}\n---\nBody.\n')


def script_calls(root):  # 10 MB in 4,000 files
    skill_md(root, "".join(f"Run `bash scripts/s{i}.sh`.\n" for i in range(4_000)))
    line = "".join(f"bash scripts/s{j}.sh\n" for j in range(120))
    for i in range(4_000):
        write(root, f"scripts/s{i}.sh", "#!/bin/sh\n" + line)


def py_alias(root):  # 54 KB
    script(root, "scripts/a.py", "import os\na0 = os\n" + "".join(f"a{i+1} = a{i}\n" for i in range(5_000)))


def py_concat(root):  # 208 KB
    script(root, "scripts/a.py", "x = ''\n" + "x = x + 'ab'\n" * 16_000 + "print(x)\n")


def own_writes(root):  # 2 MB
    script(root, "scripts/a.sh", "".join(f'echo "SHAPES_URL{i}=x" >> ~/.clawdbot/.env\n' for i in range(45_000)))


def ps_vars(root):  # 314 KB
    script(root, "scripts/a.ps1", "$a0 = 'x'\n" + "".join(f"$a{i+1} = $a{i} + 'y'\n" for i in range(16_000)))


def ps_matches(root):  # 2.2 MB
    script(root, "scripts/a.ps1", "iex $x\n" + "".join(
        f"$c = New-Object Net.Sockets.TCPClient('h{i}.example.com', 443)\n" for i in range(36_000)))


def one_line_sh(root):  # 3.2 MB
    script(root, "scripts/a.sh", "".join(f"echo v{i} > /tmp/o{i}; " for i in range(160_000)))


def one_line_py(root):  # 3.2 MB
    script(root, "scripts/a.py", "".join(f"open('/tmp/o{i}','w'); " for i in range(160_000)))


def md_list(root):  # 16 MB
    skill_md(root, "- a\n" * (4 * 1024 * 1024 - 100))


def sh_minimal(root):  # 4 MiB of minimal statements
    script(root, "scripts/a.sh", "a\n" * (2 * 1024 * 1024 - 8))


def py_minimal(root):  # 4 MiB
    script(root, "scripts/a.py", "1\n" * (2 * 1024 * 1024 - 8))


def sh_minimal_one_line(root):  # just under 4 MiB, one line: one tree
    script(root, "scripts/a.sh", "a;" * (2 * 1024 * 1024 - 64) + "\n")


def py_minimal_one_line(root):  # just under 4 MiB, one line: one tree
    script(root, "scripts/a.py", "1;" * (2 * 1024 * 1024 - 64) + "\n")


def sh_minimal_lines(root):  # just under 4 MiB and 200,000 lines: one tree
    script(root, "scripts/a.sh", ("a;" * 9 + "a\n") * 199_000)


def py_minimal_lines(root):  # just under 4 MiB and 200,000 lines: one tree
    script(root, "scripts/a.py", ("1;" * 9 + "1\n") * 199_000)


def symlinks(root):  # 160,000 symlinks
    skill_md(root, "Links.\n")
    d = os.path.join(root, "links")
    os.makedirs(d)
    for i in range(160_000):
        os.symlink("/etc/passwd", os.path.join(d, f"l{i}"))


CASES = [prose_wrapped, prose_urls, install_specs, script_calls, py_alias, py_concat,
         own_writes, ps_vars, ps_matches, one_line_sh, one_line_py, md_list, sh_minimal,
         py_minimal, sh_minimal_one_line, py_minimal_one_line, sh_minimal_lines,
         py_minimal_lines, symlinks]


def size(root):
    n = 0
    for d, _, fs in os.walk(root):
        for f in fs:
            p = os.path.join(d, f)
            if not os.path.islink(p):
                n += os.path.getsize(p)
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/skillscan")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--only", default="")
    ap.add_argument("--keep", default="")
    a = ap.parse_args()
    only = set(filter(None, a.only.split(",")))
    for case in CASES:
        if only and case.__name__ not in only:
            continue
        root = tempfile.mkdtemp(prefix=f"shape-{case.__name__}-")
        case(root)
        out = os.path.join(root + ".json")
        cmd = ["/usr/bin/time", "-f", "%U %S %M", "timeout", str(a.timeout), a.bin,
               "audit", "--format", "json", "--no-policy", root]
        with open(out, "wb") as o:
            p = subprocess.run(cmd, stdout=o, stderr=subprocess.PIPE)
        last = p.stderr.decode(errors="replace").strip().splitlines()[-1]
        try:
            u, s, m = last.split()
            cpu, rss = float(u) + float(s), int(m) / 1024
        except ValueError:
            cpu, rss = float("nan"), float("nan")
        code = p.returncode
        print(f"{case.__name__:<14} {size(root):>10} B  exit {code:>3}  cpu {cpu:7.2f} s  "
              f"rss {rss:7.1f} MB  report {os.path.getsize(out):>10} B", flush=True)
        if a.keep:
            shutil.move(root, os.path.join(a.keep, case.__name__))
        else:
            shutil.rmtree(root)
        os.remove(out)


if __name__ == "__main__":
    sys.exit(main())
