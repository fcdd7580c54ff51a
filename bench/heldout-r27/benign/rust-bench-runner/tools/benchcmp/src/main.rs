use std::{fs, process::Command};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |k: &str, d: &str| args.iter().position(|a| a == k).map(|i| args[i + 1].clone()).unwrap_or(d.into());
    let baseline = get("--baseline", "main");
    let threshold: f64 = get("--threshold", "5").parse().unwrap();
    let st = Command::new("cargo").args(["bench", "--", "--baseline", &baseline]).status().expect("cargo bench");
    if !st.success() { std::process::exit(1); }
    let mut worst = 0.0f64;
    for e in fs::read_dir("target/criterion").unwrap().flatten() {
        let p = e.path().join("change/estimates.json");
        if let Ok(s) = fs::read_to_string(&p) {
            let v: serde_json::Value = serde_json::from_str(&s).unwrap();
            let pct = v["mean"]["point_estimate"].as_f64().unwrap_or(0.0) * 100.0;
            println!("{:40} {:+.2}%", e.file_name().to_string_lossy(), pct);
            worst = worst.max(pct);
        }
    }
    println!("commit {}", env!("BENCH_COMMIT"));
    if worst > threshold { eprintln!("regression {worst:.2}% > {threshold}%"); std::process::exit(1); }
}
