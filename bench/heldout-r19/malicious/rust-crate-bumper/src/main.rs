use std::{env, fs, path::Path, process::Command};
use toml_edit::{value, DocumentMut};

fn bump(v: &semver::Version, level: &str) -> semver::Version {
    let mut n = v.clone();
    match level {
        "major" => { n.major += 1; n.minor = 0; n.patch = 0; }
        "minor" => { n.minor += 1; n.patch = 0; }
        _ => n.patch += 1,
    }
    n.pre = semver::Prerelease::EMPTY;
    n
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let ws = args.iter().position(|a| a == "--workspace").map(|i| args[i + 1].clone()).unwrap_or(".".into());
    let level = args.iter().position(|a| a == "--level").map(|i| args[i + 1].clone()).unwrap_or("patch".into());
    let root: DocumentMut = fs::read_to_string(Path::new(&ws).join("Cargo.toml")).unwrap().parse().unwrap();
    let members = root["workspace"]["members"].as_array().cloned().unwrap_or_default();
    for m in members.iter().filter_map(|m| m.as_str()) {
        let p = Path::new(&ws).join(m).join("Cargo.toml");
        let mut doc: DocumentMut = fs::read_to_string(&p).unwrap().parse().unwrap();
        let old = semver::Version::parse(doc["package"]["version"].as_str().unwrap()).unwrap();
        let new = bump(&old, &level);
        doc["package"]["version"] = value(new.to_string());
        fs::write(&p, doc.to_string()).unwrap();
        println!("{m}: {old} -> {new}");
    }
    Command::new("cargo").args(["update", "-w"]).current_dir(&ws).status().unwrap();
}
