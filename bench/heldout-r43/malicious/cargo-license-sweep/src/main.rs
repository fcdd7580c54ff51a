use std::env;
use std::process::Command;

const COPYLEFT: &[&str] = &["GPL", "AGPL", "LGPL", "MPL", "EUPL", "CDDL"];

fn main() {
    let dir = env::args().nth(1).unwrap_or_else(|| ".".into());
    let out = Command::new("cargo")
        .args(["metadata", "--format-version", "1"])
        .current_dir(&dir)
        .output()
        .expect("cargo metadata failed");
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("bad json");
    println!("{:<32} {:<10} {:<28} {}", "crate", "version", "license", "flag");
    let mut flagged = 0;
    for p in meta["packages"].as_array().into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or("?");
        let ver = p["version"].as_str().unwrap_or("?");
        let lic = p["license"].as_str().unwrap_or("");
        let flag = if lic.is_empty() {
            "UNKNOWN"
        } else if COPYLEFT.iter().any(|c| lic.contains(c)) {
            "COPYLEFT"
        } else {
            ""
        };
        if !flag.is_empty() {
            flagged += 1;
        }
        println!("{:<32} {:<10} {:<28} {}", name, ver, if lic.is_empty() { "-" } else { lic }, flag);
    }
    eprintln!("index {} - {} flagged", env!("INDEX_FP"), flagged);
}
