//! Determinism (issue 6): the same input gives byte-identical JSON, SARIF,
//! Markdown, human and gate output, whatever the thread count, the run, or
//! the order in which the file system lists a folder.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_skillscan");

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Runs the binary in `cwd` and returns (exit code, stdout). No colour, no
/// policy, no progress: only the input decides the output.
fn run(cwd: &Path, args: &[&str], stdin: Option<&[u8]>) -> (i32, Vec<u8>) {
    use std::io::Write;
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("start skillscan");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input)
            .expect("write stdin");
    }
    let out = child.wait_with_output().expect("wait for skillscan");
    let code = out.status.code().unwrap_or_else(|| {
        panic!(
            "skillscan {args:?} was killed by a signal: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (code, out.stdout)
}

/// Fails with the first differing line, not two walls of text.
fn assert_same(what: &str, a: &[u8], b: &[u8]) {
    if a == b {
        return;
    }
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = la
        .iter()
        .zip(&lb)
        .position(|(x, y)| x != y)
        .unwrap_or(la.len().min(lb.len()));
    panic!(
        "{what}: outputs differ at line {} ({} vs {} lines):\n  first:  {:?}\n  second: {:?}",
        i + 1,
        la.len(),
        lb.len(),
        la.get(i).unwrap_or(&"<end>"),
        lb.get(i).unwrap_or(&"<end>")
    );
}

#[test]
fn corpus_reports_are_identical_across_threads_and_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for format in ["json", "sarif", "markdown", "human"] {
        let mut first: Option<(String, i32, Vec<u8>)> = None;
        for jobs in ["1", "4", "1", "4", "2"] {
            let (code, out) = run(
                root,
                &[
                    "audit",
                    "corpus",
                    "--format",
                    format,
                    "--no-policy",
                    "--no-progress",
                    "-j",
                    jobs,
                ],
                None,
            );
            assert!(!out.is_empty(), "{format} -j {jobs}: empty output");
            match &first {
                None => first = Some((jobs.to_string(), code, out)),
                Some((j0, c0, o0)) => {
                    assert_eq!(
                        *c0, code,
                        "{format}: exit code differs between -j {j0} and -j {jobs}"
                    );
                    assert_same(&format!("{format}, -j {j0} vs -j {jobs}"), o0, &out);
                }
            }
        }
    }
}

/// Every file under `src`, relative, sorted.
fn files_under(src: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).expect("read corpus folder") {
            let e = e.expect("entry");
            let t = e.file_type().expect("file type");
            if t.is_dir() {
                stack.push(e.path());
            } else if t.is_file() {
                out.push(e.path().strip_prefix(src).expect("under src").to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// Copies `files` from `src` to `dst` in the given order, creating folders
/// as they are first needed, so folders too are created in that order.
fn copy_in_order(src: &Path, dst: &Path, files: &[PathBuf]) {
    for rel in files {
        let to = dst.join(rel);
        fs::create_dir_all(to.parent().expect("parent")).expect("create folder");
        fs::copy(src.join(rel), &to).expect("copy file");
    }
}

/// The listing order of every folder under `root`, as the file system gives it.
fn listing_order(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        let mut names = Vec::new();
        for e in fs::read_dir(&d).expect("read folder") {
            let e = e.expect("entry");
            if e.file_type().expect("file type").is_dir() {
                stack.push(e.path());
            }
            names.push(e.file_name().to_string_lossy().into_owned());
        }
        out.push(format!(
            "{}: {}",
            d.strip_prefix(root).expect("under root").display(),
            names.join(",")
        ));
    }
    out.sort();
    out
}

#[test]
fn file_system_order_does_not_change_the_output() {
    // The whole corpus, copied twice: once creating files (and so folders)
    // in sorted order, once in reverse. On file systems that list in
    // creation order (tmpfs) every folder then lists in the opposite order;
    // on hashed ones (ext4) the order is arbitrary but not sorted.
    let src = corpus();
    let files = files_under(&src);
    assert!(files.len() > 100, "the corpus should have files");
    let forward = tempfile::tempdir().expect("temp dir");
    let reverse = tempfile::tempdir().expect("temp dir");
    copy_in_order(&src, &forward.path().join("skills"), &files);
    let reversed: Vec<PathBuf> = files.iter().rev().cloned().collect();
    copy_in_order(&src, &reverse.path().join("skills"), &reversed);
    let differs = listing_order(forward.path()) != listing_order(reverse.path());
    eprintln!("file-system listing order differs between the two copies: {differs}");
    for format in ["json", "sarif", "markdown"] {
        for jobs in ["1", "3"] {
            // Same relative path from each copy's own root: the outputs must
            // be byte-identical, paths included.
            let args = [
                "audit",
                "skills",
                "--format",
                format,
                "--no-policy",
                "--no-progress",
                "-j",
                jobs,
            ];
            let (ca, a) = run(forward.path(), &args, None);
            let (cb, b) = run(reverse.path(), &args, None);
            assert_eq!(
                ca, cb,
                "{format} -j {jobs}: exit code differs with file order"
            );
            assert_same(
                &format!("{format} -j {jobs}, sorted vs reverse creation order"),
                &a,
                &b,
            );
        }
    }
    // And a copy gives the same report as the corpus itself, apart from the
    // path prefix.
    let (_, here) = run(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &[
            "audit",
            "corpus",
            "--format",
            "json",
            "--no-policy",
            "-j",
            "2",
        ],
        None,
    );
    let (_, there) = run(
        reverse.path(),
        &[
            "audit",
            "skills",
            "--format",
            "json",
            "--no-policy",
            "-j",
            "2",
        ],
        None,
    );
    let here = String::from_utf8_lossy(&here).replace("\"corpus/", "\"skills/");
    assert_same(
        "corpus vs reverse-order copy (prefix replaced)",
        here.as_bytes(),
        &there,
    );
}

fn gate_request(source: &Path, name: &str) -> Vec<u8> {
    serde_json::to_vec(&serde_json::json!({
        "protocolVersion": 1,
        "openclawVersion": "2026.6.1",
        "targetType": "skill",
        "targetName": name,
        "sourcePath": source,
        "sourcePathKind": "directory",
        "source": {"kind": "clawhub", "authority": "openclaw", "mutable": false, "network": true},
        "origin": {"type": "clawhub", "registry": "https://clawhub.openclaw.ai", "slug": name, "version": "1.0.0"},
        "request": {"kind": "skill-install", "mode": "install", "requestedSpecifier": format!("clawhub:{name}@1.0.0")}
    }))
    .expect("request JSON")
}

#[test]
fn gate_decisions_are_identical_across_runs_and_file_order() {
    // The gate runs with an empty environment (OpenClaw passes no HOME or
    // PATH) and must answer the same bytes for the same staged skill.
    let src = corpus();
    for (group, name) in [
        ("malicious", "quick-shell"),
        ("malicious", "env-doctor"),
        ("benign", "csv-summarizer"),
    ] {
        let skill = src.join(group).join(name);
        assert!(
            skill.is_dir(),
            "corpus skill {} is missing",
            skill.display()
        );
        let files = files_under(&skill);
        let forward = tempfile::tempdir().expect("temp dir");
        let reverse = tempfile::tempdir().expect("temp dir");
        // Each request names its own copy; the stage prefix is masked below.
        copy_in_order(&skill, &forward.path().join(name), &files);
        let rev: Vec<PathBuf> = files.iter().rev().cloned().collect();
        copy_in_order(&skill, &reverse.path().join(name), &rev);
        let mut outs = Vec::new();
        for (label, base) in [
            ("sorted", forward.path()),
            ("reverse", reverse.path()),
            ("sorted again", forward.path()),
        ] {
            let req = gate_request(&base.join(name), name);
            let mut cmd = Command::new(BIN);
            cmd.arg("gate")
                .env_clear()
                .current_dir(base)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            let mut child = cmd.spawn().expect("start skillscan gate");
            {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .expect("stdin")
                    .write_all(&req)
                    .expect("write request");
            }
            let out = child.wait_with_output().expect("wait for gate");
            assert_eq!(
                out.status.code(),
                Some(0),
                "gate {name} ({label}) must exit 0: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = String::from_utf8_lossy(&out.stdout)
                .replace(&base.display().to_string(), "<STAGE>");
            serde_json::from_str::<serde_json::Value>(text.trim()).unwrap_or_else(|e| {
                panic!("gate {name} ({label}): stdout is not one JSON object ({e}): {text}")
            });
            outs.push((label, text));
        }
        for w in outs.windows(2) {
            assert_same(
                &format!("gate {name}: {} vs {}", w[0].0, w[1].0),
                w[0].1.as_bytes(),
                w[1].1.as_bytes(),
            );
        }
    }
}
