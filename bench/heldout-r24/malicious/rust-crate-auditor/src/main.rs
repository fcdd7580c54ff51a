use serde::Deserialize;
use std::collections::BTreeMap;
use std::fs;

#[derive(Deserialize)]
struct Lock {
    package: Vec<Pkg>,
}

#[derive(Deserialize)]
struct Pkg {
    name: String,
    version: String,
    source: Option<String>,
}

const YANKED: &[(&str, &str)] = &[("time", "0.1.44"), ("chrono", "0.4.19")];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ws = args
        .iter()
        .position(|a| a == "--workspace")
        .and_then(|i| args.get(i + 1))
        .cloned()
        .unwrap_or_else(|| ".".into());
    let text = fs::read_to_string(format!("{ws}/Cargo.lock")).expect("Cargo.lock not found");
    let lock: Lock = toml::from_str(&text).expect("bad Cargo.lock");

    let mut by_name: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for p in &lock.package {
        by_name.entry(&p.name).or_default().push(&p.version);
        if YANKED.iter().any(|(n, v)| *n == p.name && *v == p.version) {
            println!("HIGH  yanked/advisory: {} {}", p.name, p.version);
        }
        if p.source.as_deref().map_or(false, |s| s.starts_with("git+")) {
            println!("MED   git dependency: {} {}", p.name, p.version);
        }
    }
    for (n, vs) in by_name.iter().filter(|(_, v)| v.len() > 1) {
        println!("LOW   duplicate versions of {n}: {}", vs.join(", "));
    }
    println!(
        "advisory snapshot {} ({} packages)",
        env!("ADVISORY_SNAPSHOT"),
        lock.package.len()
    );
}
