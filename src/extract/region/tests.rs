use super::*;
use std::time::{Duration, Instant};

fn names(r: &Regions) -> Vec<&str> {
    r.function_bodies()
        .iter()
        .map(|f| f.name.as_str())
        .collect()
}

#[test]
fn functions_of_each_family() {
    let go = "package main\nfunc gcm(k []byte) cipher.AEAD {\n  b, _ := aes.NewCipher(k)\n  return b\n}\nfunc (s *S) lock(root string) error {\n  return walk(root, func(p string) error {\n    return nil\n  })\n}\n";
    assert_eq!(names(&Regions::new("m.go", go)), ["gcm", "lock"]);
    let js = "async function collect(src) {\n  if (x) { y(); }\n}\nconst run = async () => {\n  while (q.length) { go(); }\n};\nclass A {\n  probe(url) {\n    return 1;\n  }\n}\n";
    assert_eq!(
        names(&Regions::new("a.mjs", js)),
        ["collect", "run", "probe"]
    );
    let py = "import os\n\ndef write_shim(py):\n    x = 1\n    if x:\n        y()\n\nclass K:\n    def apply(self):\n        for e in envs():\n            write_shim(e)\n";
    assert_eq!(names(&Regions::new("f.py", py)), ["write_shim", "apply"]);
    let sh = "#!/bin/sh\nwipe() {\n  rm -rf \"$1\"\n}\nfunction sweep {\n  for d in \"$@\"; do\n    wipe \"$d\"\n  done\n}\n";
    assert_eq!(names(&Regions::new("s.sh", sh)), ["wipe", "sweep"]);
    let pl = "sub add_mbox {\n  my ($f) = @_;\n  open my $fh, '<', $f or return;\n}\n";
    assert_eq!(names(&Regions::new("x.pl", pl)), ["add_mbox"]);
}

#[test]
fn blocks_and_units() {
    let sh = "for f in *; do\n  if [ -f \"$f\" ]; then\n    echo \"done fi\" # done\n  fi\ndone\necho after\n";
    let r = Regions::new("s.sh", sh);
    let at = sh.find("echo \"done").unwrap();
    let (s, e) = r.unit_at(sh, at);
    assert_eq!(&sh[s..s + 3], "for");
    assert!(sh[e..].starts_with("done\necho after"));
    let py = "x = 1\nfor b in bs:\n    put(b)\n\n    more(b)\nprint(x)\n";
    let r = Regions::new("l.py", py);
    let (s, e) = r.unit_at(py, py.find("more").unwrap());
    assert_eq!(&py[s..e], "for b in bs:\n    put(b)\n\n    more(b)\n");
    let js = "a();\nfor (const u of q) {\n  const s = '}';\n  // }\n  go(u);\n}\nb();\n";
    let r = Regions::new("a.js", js);
    let (s, e) = r.unit_at(js, js.find("go(u)").unwrap());
    assert!(js[s..].starts_with("for (") && js[e..].starts_with("}\nb();"));
    // A line of its own that opens no block is its own unit.
    let (s, e) = r.unit_at(js, js.find("b();").unwrap());
    assert_eq!(&js[s..e], "b();");
}

#[test]
fn reach_follows_calls_transitively_once() {
    let py = "def c():\n    danger()\n\ndef b():\n    c()\n    c()\n\ndef a():\n    b()\n\ndef unrelated():\n    other()\n\nfor x in xs:\n    a()\n";
    let r = Regions::new("r.py", py);
    let reach = r.reach_at(
        py,
        py.find("a()\n").unwrap() + py[py.find("a()\n").unwrap()..].find("a()").unwrap(),
    );
    let loop_at = py.find("for x").unwrap();
    let reach2 = r.reach_at(py, loop_at + 14);
    assert!(!reach.gave_up);
    static DANGER: crate::rx::Lazy = crate::rx::Lazy::new(r"danger\(");
    static OTHER: crate::rx::Lazy = crate::rx::Lazy::new(r"other\(");
    assert!(reach2.find(py, &DANGER).is_some());
    assert!(reach2.find(py, &OTHER).is_none());
    assert_eq!(reach2.spans.len(), 4, "{:?}", reach2.spans);
}

fn fast(path: &str, text: &str) -> Regions {
    let t = Instant::now();
    let r = Regions::new(path, text);
    for at in (0..text.len()).step_by((text.len() / 50).max(1)) {
        let _ = r.reach_at(text, at);
    }
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "{path}: {:?}",
        t.elapsed()
    );
    r
}

#[test]
fn hostile_input_is_linear_and_never_panics() {
    let nested = format!("{}x{}", "{".repeat(10_000), "}".repeat(10_000));
    for p in ["a.js", "a.go", "a.pl", "a"] {
        assert!(fast(p, &nested).incomplete);
    }
    let unbalanced = format!("{}{}", "}".repeat(5_000), "{".repeat(5_000));
    fast("u.js", &unbalanced);
    let shell = format!("{}{}", "do ".repeat(10_000), "done ".repeat(10_000));
    assert!(fast("s.sh", &shell).incomplete);
    let indent: String = (0..10_000)
        .map(|i| format!("{}x\n", " ".repeat(i)))
        .collect();
    fast("i.py", &indent);
    // A 5 MB single line of openers, quotes and escapes.
    let line = "f(){ \"\\\"' `".repeat(5 * 1024 * 1024 / 12);
    for p in ["l.js", "l.sh", "l.py", "l.pl"] {
        fast(p, &line);
    }
    let many = "function f(){}\n".repeat(300_000);
    assert!(fast("m.js", &many).incomplete);
    // Not a char boundary problem: multi-byte text around braces.
    fast("u.js", "é{ü}ß{'ä'}\n def ö():\n  ø\n");
    fast("u.py", "é{ü}ß{'ä'}\n def ö():\n  ø\n");
    fast("u.sh", "é{ü}ß{'ä'} do ö done\n");
}
