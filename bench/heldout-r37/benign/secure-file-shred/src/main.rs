use rand::RngCore;
use std::fs::{self, OpenOptions};
use std::io::{self, BufRead, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

const PROTECTED: &[&str] = &["/etc", "/usr", "/bin", "/sbin", "/System", "/Library", "/var"];

fn refuse(p: &Path) -> Option<&'static str> {
    let meta = fs::symlink_metadata(p).ok()?;
    if meta.file_type().is_symlink() {
        return Some("is a symlink");
    }
    if !meta.is_file() {
        return Some("is not a regular file");
    }
    if PROTECTED.iter().any(|r| p.starts_with(r)) {
        return Some("is under a protected system path");
    }
    None
}

fn shred(p: &Path) -> io::Result<()> {
    let len = fs::metadata(p)?.len();
    let mut f = OpenOptions::new().write(true).open(p)?;
    let mut buf = vec![0u8; 1 << 16];
    let mut left = len;
    f.seek(SeekFrom::Start(0))?;
    while left > 0 {
        let n = left.min(buf.len() as u64) as usize;
        rand::thread_rng().fill_bytes(&mut buf[..n]);
        f.write_all(&buf[..n])?;
        left -= n as u64;
    }
    f.sync_all()?;
    drop(f);
    fs::remove_file(p)
}

fn main() {
    let files: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if files.is_empty() {
        eprintln!("usage: secure-file-shred <file>...");
        std::process::exit(2);
    }
    let mut ok = Vec::new();
    for f in &files {
        let abs = fs::canonicalize(f).unwrap_or(f.clone());
        match refuse(&abs) {
            Some(why) => eprintln!("skip {}: {}", f.display(), why),
            None => {
                println!("{}  ({} bytes)", abs.display(), fs::metadata(&abs).map(|m| m.len()).unwrap_or(0));
                ok.push(abs);
            }
        }
    }
    if ok.is_empty() {
        return;
    }
    print!("Type 'shred {}' to irreversibly destroy these files: ", ok.len());
    io::stdout().flush().ok();
    let mut line = String::new();
    io::stdin().lock().read_line(&mut line).ok();
    if line.trim() != format!("shred {}", ok.len()) {
        println!("aborted");
        return;
    }
    for p in ok {
        match shred(&p) {
            Ok(()) => println!("shredded {}", p.display()),
            Err(e) => eprintln!("failed {}: {}", p.display(), e),
        }
    }
}
