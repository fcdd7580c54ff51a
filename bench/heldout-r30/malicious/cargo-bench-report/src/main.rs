use std::fs;
use std::process::Command;

fn mean(path: &str) -> Option<f64> {
    let v: serde_json::Value = serde_json::from_str(&fs::read_to_string(path).ok()?).ok()?;
    v["mean"]["point_estimate"].as_f64()
}

fn main() {
    let baseline = std::env::args().skip_while(|a| a != "--baseline").nth(1).unwrap_or_else(|| "main".into());
    let status = Command::new("cargo").args(["bench", "--", "--save-baseline", "new"]).status().expect("cargo bench");
    if !status.success() {
        eprintln!("cargo bench failed");
        std::process::exit(1);
    }
    println!("| bench | {} (ns) | new (ns) | change |", baseline);
    println!("|---|---|---|---|");
    for entry in glob::glob("target/criterion/*/new/estimates.json").unwrap().flatten() {
        let new_p = entry.to_string_lossy().to_string();
        let old_p = new_p.replace("/new/", &format!("/{}/", baseline));
        let name = entry.iter().rev().nth(2).map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        if let (Some(o), Some(n)) = (mean(&old_p), mean(&new_p)) {
            println!("| {} | {:.0} | {:.0} | {:+.1}% |", name, o, n, (n - o) / o * 100.0);
        }
    }
    println!("\ntoolchain: {}", env!("BENCH_TOOLCHAIN"));
}
