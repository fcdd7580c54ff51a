use std::collections::BTreeMap;

fn main() {
    let root = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let lock = std::fs::read_to_string(format!("{root}/Cargo.lock")).expect("Cargo.lock");
    let v: toml::Value = toml::from_str(&lock).expect("parse");
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in v.get("package").and_then(|p| p.as_array()).into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or("").to_string();
        let ver = p["version"].as_str().unwrap_or("").to_string();
        seen.entry(name).or_default().push(ver);
    }
    for (name, vers) in &seen {
        let majors: std::collections::BTreeSet<_> = vers.iter().map(|v| v.split('.').next().unwrap_or("")).collect();
        if majors.len() > 1 {
            println!("duplicate majors: {name} {vers:?}");
        }
    }
    println!("{} crates checked", seen.len());
}
