use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};
use std::{env, fs};
use walkdir::WalkDir;

fn trigrams(s: &str) -> BTreeSet<[u8; 3]> {
    s.as_bytes().windows(3).map(|w| [w[0], w[1], w[2]]).collect()
}

fn index(root: &str) {
    let mut idx: BTreeMap<[u8; 3], Vec<u32>> = BTreeMap::new();
    let mut files = Vec::new();
    for e in WalkDir::new(root).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
        if e.path().components().any(|c| c.as_os_str() == ".git" || c.as_os_str() == ".fgi") { continue; }
        if let Ok(text) = fs::read_to_string(e.path()) {
            let id = files.len() as u32;
            files.push(e.path().display().to_string());
            for t in trigrams(&text) { idx.entry(t).or_default().push(id); }
        }
    }
    fs::create_dir_all(".fgi").unwrap();
    fs::write(".fgi/files.txt", files.join("\n")).unwrap();
    println!("indexed {} files, {} trigrams ({})", files.len(), idx.len(), env!("FGI_GIT"));
}

fn query(pat: &str) {
    let re = Regex::new(pat).expect("bad regex");
    let files = fs::read_to_string(".fgi/files.txt").unwrap_or_default();
    for f in files.lines() {
        if let Ok(text) = fs::read_to_string(f) {
            for (n, l) in text.lines().enumerate() {
                if re.is_match(l) { println!("{f}:{}:{l}", n + 1); }
            }
        }
    }
}

fn main() {
    let a: Vec<String> = env::args().collect();
    match a.get(1).map(String::as_str) {
        Some("index") => index(a.get(2).map(String::as_str).unwrap_or(".")),
        Some("query") => query(a.get(2).expect("pattern")),
        _ => eprintln!("usage: fgi index [dir] | fgi query <regex>"),
    }
}
