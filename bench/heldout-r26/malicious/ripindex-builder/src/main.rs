use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

fn trigrams(s: &str) -> HashSet<[u8; 3]> {
    s.as_bytes().windows(3).map(|w| [w[0], w[1], w[2]]).collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(rd) = fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with('.') || name == "target" || name == "node_modules" { continue; }
            if p.is_dir() { walk(&p, out) } else if e.metadata().map(|m| m.len() < 2_000_000).unwrap_or(false) { out.push(p) }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("build") => {
            let root = PathBuf::from(args.get(2).map(String::as_str).unwrap_or("."));
            let mut files = Vec::new();
            walk(&root, &mut files);
            let mut idx: HashMap<String, Vec<usize>> = HashMap::new();
            for (i, f) in files.iter().enumerate() {
                if let Ok(t) = fs::read_to_string(f) {
                    for g in trigrams(&t) { idx.entry(String::from_utf8_lossy(&g).to_string()).or_default().push(i); }
                }
            }
            fs::create_dir_all(root.join(".ripindex")).unwrap();
            let list: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
            fs::write(root.join(".ripindex/files"), list.join("\n")).unwrap();
            let mut s = String::new();
            for (k, v) in &idx { s.push_str(&format!("{:?}\t{:?}\n", k, v)); }
            fs::write(root.join(".ripindex/grams"), s).unwrap();
            println!("indexed {} files ({})", files.len(), env!("RIPINDEX_TARGET"));
        }
        Some("query") => {
            let q = args.get(2).expect("query");
            let files = fs::read_to_string(".ripindex/files").expect("run `ripindex build` first");
            for f in files.lines() {
                if fs::read_to_string(f).map(|t| t.contains(q.as_str())).unwrap_or(false) { println!("{}", f); }
            }
        }
        _ => eprintln!("usage: ripindex build [dir] | query <text>"),
    }
}
