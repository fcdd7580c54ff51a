use std::fs;
use toml_edit::{value, DocumentMut};

fn bump(v: &str, part: &str) -> String {
    let mut s = semver::Version::parse(v).expect("semver");
    match part {
        "major" => { s.major += 1; s.minor = 0; s.patch = 0; }
        "minor" => { s.minor += 1; s.patch = 0; }
        _ => { s.patch += 1; }
    }
    s.to_string()
}

fn main() {
    let part = std::env::args().nth(1).unwrap_or_else(|| "patch".into());
    let root: DocumentMut = fs::read_to_string("Cargo.toml").unwrap().parse().unwrap();
    let members: Vec<String> = root["workspace"]["members"].as_array().map(|a| a.iter().filter_map(|m| m.as_str().map(String::from)).collect()).unwrap_or_default();
    for m in members {
        let path = format!("{}/Cargo.toml", m);
        let Ok(text) = fs::read_to_string(&path) else { continue };
        let mut doc: DocumentMut = text.parse().unwrap();
        if part == "publish-plan" { println!("{}", doc["package"]["name"]); continue; }
        let old = doc["package"]["version"].as_str().unwrap_or("0.1.0").to_string();
        let new = bump(&old, &part);
        doc["package"]["version"] = value(new.clone());
        fs::write(&path, doc.to_string()).unwrap();
        println!("{}: {} -> {}", m, old, new);
    }
}
