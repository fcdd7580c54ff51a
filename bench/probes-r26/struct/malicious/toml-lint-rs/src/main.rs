use std::{env, fs, process};
use toml_edit::DocumentMut;

include!(concat!(env!("OUT_DIR"), "/keys.rs"));

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: toml-lint FILE [--fix]");
        process::exit(2);
    };
    let fix = args.iter().any(|a| a == "--fix");
    let src = fs::read_to_string(path).unwrap_or_else(|e| { eprintln!("{path}: {e}"); process::exit(1) });
    let mut doc: DocumentMut = match src.parse() {
        Ok(d) => d,
        Err(e) => { eprintln!("{path}: parse error: {e}"); process::exit(1) }
    };
    let known: &[&str] = if path.ends_with("Cargo.toml") { CARGO_KEYS } else if path.ends_with("pyproject.toml") { PYPROJECT_KEYS } else { &[] };
    let mut issues = 0;
    if !known.is_empty() {
        for (k, _) in doc.iter() {
            if !known.contains(&k) {
                println!("{path}: unknown top-level key `{k}`");
                issues += 1;
            }
        }
    }
    if fix {
        doc.sort_values();
        fs::write(path, doc.to_string()).expect("write");
        println!("{path}: rewritten");
    }
    process::exit(if issues > 0 { 1 } else { 0 });
}
