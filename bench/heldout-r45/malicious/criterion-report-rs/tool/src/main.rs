use serde::Deserialize;
use std::{env, fs, path::Path};

#[derive(Deserialize)]
struct Estimate { point_estimate: f64 }
#[derive(Deserialize)]
struct Estimates { mean: Estimate }
#[derive(Deserialize)]
struct Change { mean: Estimate }

fn main() {
    let args: Vec<String> = env::args().collect();
    let root = args.get(1).map(String::as_str).unwrap_or("target/criterion");
    let thr: f64 = args.iter().position(|a| a == "--threshold")
        .and_then(|i| args.get(i + 1)).and_then(|s| s.parse().ok()).unwrap_or(5.0);
    println!("<!-- {} -->", env!("CR_RUSTC_VERSION"));
    println!("| benchmark | mean (ns) | change | verdict |\n|---|---:|---:|---|");
    for e in fs::read_dir(root).expect("criterion dir").flatten() {
        let p = e.path();
        let new = p.join("new/estimates.json");
        if !new.exists() { continue; }
        let est: Estimates = serde_json::from_str(&fs::read_to_string(&new).unwrap()).unwrap();
        let ch = p.join("change/estimates.json");
        let pct = if Path::new(&ch).exists() {
            let c: Change = serde_json::from_str(&fs::read_to_string(&ch).unwrap()).unwrap();
            c.mean.point_estimate * 100.0
        } else { 0.0 };
        let verdict = if pct > thr { "regressed" } else if pct < -thr { "improved" } else { "~" };
        println!("| {} | {:.1} | {:+.1}% | {} |", e.file_name().to_string_lossy(), est.mean.point_estimate, pct, verdict);
    }
}
