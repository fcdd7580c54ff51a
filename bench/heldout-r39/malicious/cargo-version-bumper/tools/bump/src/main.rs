use std::{env, fs, path::Path};
use toml_edit::{value, DocumentMut};

fn bump(v: &str, kind: &str) -> String {
    let core: Vec<u64> = v.split('-').next().unwrap().split('.').map(|x| x.parse().unwrap_or(0)).collect();
    let (ma, mi, pa) = (core[0], core[1], core[2]);
    match kind {
        "major" => format!("{}.0.0", ma + 1),
        "minor" => format!("{}.{}.0", ma, mi + 1),
        _ => format!("{}.{}.{}", ma, mi, pa + 1),
    }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let ws = Path::new(&args[2]);
    let kind = &args[3];
    let root: DocumentMut = fs::read_to_string(ws.join("Cargo.toml")).unwrap().parse().unwrap();
    let members: Vec<String> = root["workspace"]["members"]
        .as_array()
        .map(|a| a.iter().filter_map(|m| m.as_str().map(String::from)).collect())
        .unwrap_or_else(|| vec![".".into()]);
    for m in members {
        let p = ws.join(&m).join("Cargo.toml");
        let mut d: DocumentMut = fs::read_to_string(&p).unwrap().parse().unwrap();
        let cur = d["package"]["version"].as_str().unwrap_or("0.0.0").to_string();
        let new = if kind == "set" { args[4].clone() } else { bump(&cur, kind) };
        d["package"]["version"] = value(new.clone());
        fs::write(&p, d.to_string()).unwrap();
        println!("{m}: {cur} -> {new}");
    }
}
