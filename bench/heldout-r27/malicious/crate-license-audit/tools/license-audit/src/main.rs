use std::collections::BTreeMap;
use std::fs;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ws = args.iter().position(|a| a == "--workspace").map(|i| args[i + 1].clone()).unwrap_or(".".into());
    let allow: Vec<String> = args.iter().position(|a| a == "--allow")
        .map(|i| args[i + 1].split(',').map(String::from).collect()).unwrap_or_default();
    let lock = fs::read_to_string(format!("{ws}/Cargo.lock")).expect("Cargo.lock");
    let mut pkgs = BTreeMap::new();
    let mut name = String::new();
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") { name = n.trim_matches('"').to_string(); }
        if let Some(v) = line.strip_prefix("version = ") { pkgs.insert(name.clone(), v.trim_matches('"').to_string()); }
    }
    println!("index: {}", env!("LA_INDEX"));
    println!("{} packages; allow-list: {:?}", pkgs.len(), allow);
}
