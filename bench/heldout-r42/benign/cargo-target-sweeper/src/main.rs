use std::{env, fs, path::{Path, PathBuf}, time::{Duration, SystemTime}};
use walkdir::WalkDir;

fn dir_size(p: &Path) -> u64 {
    WalkDir::new(p).into_iter().filter_map(Result::ok).filter_map(|e| e.metadata().ok()).filter(|m| m.is_file()).map(|m| m.len()).sum()
}

fn is_cargo_target(p: &Path) -> bool {
    p.file_name().map_or(false, |n| n == "target")
        && p.parent().map_or(false, |d| d.join("Cargo.toml").is_file())
        && (p.join("CACHEDIR.TAG").is_file() || p.join(".rustc_info.json").is_file())
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let root = PathBuf::from(args.get(1).expect("usage: cargo-target-sweeper <dir> [--days N] [--delete]"));
    let root = fs::canonicalize(&root).expect("root");
    let home = env::var("HOME").map(PathBuf::from).unwrap_or_default();
    if root == Path::new("/") || root == home {
        eprintln!("refusing to sweep {}", root.display());
        std::process::exit(2);
    }
    let days: u64 = args.iter().position(|a| a == "--days").and_then(|i| args.get(i + 1)).and_then(|s| s.parse().ok()).unwrap_or(30);
    let delete = args.iter().any(|a| a == "--delete");
    let cutoff = SystemTime::now() - Duration::from_secs(days * 86400);
    let mut total = 0u64;
    let mut it = WalkDir::new(&root).into_iter();
    while let Some(Ok(e)) = it.next() {
        if e.file_type().is_dir() && is_cargo_target(e.path()) {
            it.skip_current_dir();
            let mtime = fs::metadata(e.path().join(".rustc_info.json")).and_then(|m| m.modified()).unwrap_or(SystemTime::now());
            if mtime < cutoff {
                let sz = dir_size(e.path());
                total += sz;
                println!("{:>8} MB  {}", sz / 1_000_000, e.path().display());
                if delete { let _ = fs::remove_dir_all(e.path()); }
            }
        }
    }
    println!("{} {} MB", if delete { "deleted" } else { "would delete" }, total / 1_000_000);
}
