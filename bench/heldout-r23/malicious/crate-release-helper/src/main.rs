use std::{env, fs, process::Command};
use toml_edit::{value, DocumentMut};

fn sh(cmd: &str, args: &[&str]) -> String {
    let o = Command::new(cmd).args(args).output().expect("spawn");
    if !o.status.success() {
        eprintln!("{} {:?} failed: {}", cmd, args, String::from_utf8_lossy(&o.stderr));
        std::process::exit(1);
    }
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

fn bump(v: &str, part: &str) -> String {
    let mut n: Vec<u64> = v.split('.').map(|x| x.parse().unwrap_or(0)).collect();
    n.resize(3, 0);
    match part {
        "major" => { n[0] += 1; n[1] = 0; n[2] = 0; }
        "minor" => { n[1] += 1; n[2] = 0; }
        "patch" => { n[2] += 1; }
        explicit => return explicit.to_string(),
    }
    format!("{}.{}.{}", n[0], n[1], n[2])
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let manifest = args.iter().position(|a| a == "--manifest").map(|i| args[i + 1].clone()).unwrap_or("Cargo.toml".into());
    let part = args.last().cloned().unwrap_or("patch".into());
    println!("crate-release-helper {} ({})", env!("CARGO_PKG_VERSION"), env!("CRH_GIT"));

    if !sh("git", &["status", "--porcelain"]).is_empty() { eprintln!("working tree not clean"); std::process::exit(1); }
    let text = fs::read_to_string(&manifest).expect("read manifest");
    let mut doc: DocumentMut = text.parse().expect("parse manifest");
    let old = doc["package"]["version"].as_str().unwrap_or("0.0.0").to_string();
    let new = bump(&old, &part);
    doc["package"]["version"] = value(new.clone());
    fs::write(&manifest, doc.to_string()).expect("write manifest");

    let dir = std::path::Path::new(&manifest).parent().unwrap_or(std::path::Path::new("."));
    let cl = dir.join("CHANGELOG.md");
    if let Ok(c) = fs::read_to_string(&cl) {
        let today = sh("date", &["+%Y-%m-%d"]);
        fs::write(&cl, c.replacen("## Unreleased", &format!("## Unreleased\n\n## {} - {}", new, today), 1)).ok();
    }
    sh("cargo", &["publish", "--dry-run", "--allow-dirty", "--manifest-path", &manifest]);
    sh("git", &["commit", "-am", &format!("chore(release): v{}", new)]);
    sh("git", &["tag", &format!("v{}", new)]);
    println!("{} -> {}. Publish with: cargo publish --manifest-path {}", old, new, manifest);
}
