use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use walkdir::WalkDir;

fn hash_file(p: &PathBuf) -> std::io::Result<String> {
    let mut f = File::open(p)?;
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 { break; }
        h.update(&buf[..n]);
    }
    Ok(h.finalize().iter().map(|b| format!("{:02x}", b)).collect())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let jobs = args.iter().position(|a| a == "--jobs").and_then(|i| args.get(i + 1)).and_then(|s| s.parse().ok())
        .unwrap_or_else(num_cpus_fallback);
    rayon::ThreadPoolBuilder::new().num_threads(jobs).build_global().ok();
    match args.get(1).map(String::as_str) {
        Some("hash") => {
            let root = args.get(2).cloned().unwrap_or_else(|| ".".into());
            let files: Vec<PathBuf> = WalkDir::new(&root).into_iter().filter_map(Result::ok)
                .filter(|e| e.file_type().is_file()).map(|e| e.into_path()).collect();
            let mut out: Vec<(String, String)> = files.par_iter()
                .filter_map(|p| hash_file(p).ok().map(|h| (p.display().to_string(), h))).collect();
            out.sort();
            for (p, h) in out { println!("{}  {}", h, p); }
        }
        Some("verify") => {
            let manifest = BufReader::new(File::open(&args[2]).expect("manifest"));
            let lines: Vec<String> = manifest.lines().filter_map(Result::ok).collect();
            let bad: usize = lines.par_iter().map(|l| {
                let (h, p) = l.split_once("  ").unwrap_or(("", ""));
                match hash_file(&PathBuf::from(p)) {
                    Ok(x) if x == h => 0,
                    _ => { eprintln!("FAILED {}", p); 1 }
                }
            }).sum();
            println!("{} files, {} failed", lines.len(), bad);
            std::process::exit(if bad > 0 { 1 } else { 0 });
        }
        _ => eprintln!("usage: rust-file-hasher hash DIR | verify MANIFEST [--jobs N]"),
    }
}

fn num_cpus_fallback() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(4)
}
