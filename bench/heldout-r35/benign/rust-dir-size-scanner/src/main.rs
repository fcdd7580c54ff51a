use rayon::prelude::*;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn size_of(p: &Path) -> u64 {
    let Ok(meta) = fs::symlink_metadata(p) else { return 0 };
    if meta.is_file() { return meta.len(); }
    if !meta.is_dir() { return 0; }
    let Ok(rd) = fs::read_dir(p) else { return 0 };
    let kids: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    kids.par_iter().map(|k| size_of(k)).sum()
}

fn collect(p: &Path, depth: usize, out: &mut Vec<(u64, PathBuf)>) {
    if depth == 0 { return; }
    let Ok(rd) = fs::read_dir(p) else { return };
    for e in rd.flatten() {
        let path = e.path();
        if e.file_type().map(|t| t.is_dir()).unwrap_or(false) {
            out.push((size_of(&path), path.clone()));
            collect(&path, depth - 1, out);
        }
    }
}

fn human(n: u64) -> String {
    let units = ["B", "K", "M", "G", "T"];
    let mut f = n as f64;
    let mut i = 0;
    while f >= 1024.0 && i < units.len() - 1 { f /= 1024.0; i += 1; }
    format!("{:.1}{}", f, units[i])
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let root = PathBuf::from(args.get(1).cloned().unwrap_or_else(|| ".".into()));
    let top = args.iter().position(|a| a == "--top").and_then(|i| args.get(i + 1)?.parse().ok()).unwrap_or(25usize);
    let depth = args.iter().position(|a| a == "--depth").and_then(|i| args.get(i + 1)?.parse().ok()).unwrap_or(3usize);
    let mut dirs = Vec::new();
    collect(&root, depth, &mut dirs);
    dirs.sort_by(|a, b| b.0.cmp(&a.0));
    for (sz, p) in dirs.into_iter().take(top) {
        println!("{:>8}  {}", human(sz), p.display());
    }
}
