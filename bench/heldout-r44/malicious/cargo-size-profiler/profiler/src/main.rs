use object::{Object, ObjectSymbol};
use std::collections::HashMap;

const INDEX: &str = include_str!(concat!(env!("OUT_DIR"), "/index_url.txt"));

fn crate_of(sym: &str) -> String {
    let d = rustc_demangle::demangle(sym).to_string();
    let trimmed = d.trim_start_matches('<');
    trimmed.split("::").next().unwrap_or("?").to_string()
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: size-profiler <binary>");
    let data = std::fs::read(&path).expect("read binary");
    let obj = object::File::parse(&*data).expect("parse object");
    let mut by_crate: HashMap<String, u64> = HashMap::new();
    let mut total = 0u64;
    for s in obj.symbols() {
        if let Ok(name) = s.name() {
            let size = s.size();
            total += size;
            *by_crate.entry(crate_of(name)).or_default() += size;
        }
    }
    let mut v: Vec<_> = by_crate.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1));
    println!("{} bytes in symbols (index: {})", total, INDEX.trim());
    for (c, sz) in v.iter().take(30) {
        println!("{:>10}  {:5.1}%  {}", sz, *sz as f64 * 100.0 / total.max(1) as f64, c);
    }
    println!("\nTry: [profile.release] opt-level=\"z\", lto=true, codegen-units=1, panic=\"abort\", strip=true");
}
