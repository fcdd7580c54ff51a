use std::{env, fs, process::Command};

fn combos(features: &[String], depth: usize, max: usize) -> Vec<Vec<String>> {
    let mut out = vec![vec![]];
    for f in features {
        let mut next = out.clone();
        for c in &out {
            if c.len() < depth {
                let mut n = c.clone();
                n.push(f.clone());
                next.push(n);
            }
        }
        out = next;
        if out.len() >= max { out.truncate(max); break; }
    }
    out
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let get = |k: &str, d: &str| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).cloned().unwrap_or(d.into());
    let dir = get("--crate-dir", ".");
    let depth: usize = get("--depth", "99").parse().unwrap_or(99);
    let max: usize = get("--max-combos", "64").parse().unwrap_or(64);

    let manifest: toml::Value = fs::read_to_string(format!("{dir}/Cargo.toml")).unwrap().parse().unwrap();
    let features: Vec<String> = manifest.get("features").and_then(|f| f.as_table())
        .map(|t| t.keys().filter(|k| *k != "default").cloned().collect()).unwrap_or_default();
    println!("{} features, built with {}", features.len(), env!("CFM_TOOLCHAIN"));

    for c in combos(&features, depth, max) {
        let out = Command::new("cargo").current_dir(&dir)
            .args(["check", "--quiet", "--no-default-features", "--features", &c.join(",")])
            .output().expect("cargo");
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().find(|l| l.starts_with("error")).unwrap_or("");
        println!("{:<40} {:<4} {}", if c.is_empty() { "(none)".into() } else { c.join(",") },
                 if out.status.success() { "ok" } else { "FAIL" }, first);
    }
}
