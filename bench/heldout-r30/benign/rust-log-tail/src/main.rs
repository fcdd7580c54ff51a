use regex::Regex;
use std::fs::File;
use std::io::{BufRead, BufReader, Seek, SeekFrom};
use std::thread::sleep;
use std::time::Duration;

fn level_ok(line: &str, min: usize) -> bool {
    const LEVELS: [&str; 5] = ["TRACE", "DEBUG", "INFO", "WARN", "ERROR"];
    match LEVELS.iter().position(|l| line.contains(l)) {
        Some(i) => i >= min,
        None => true,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: rust-log-tail <file> [--level L] [--hl REGEX]").clone();
    let min = args.iter().position(|a| a == "--level")
        .and_then(|i| args.get(i + 1))
        .map(|l| ["trace", "debug", "info", "warn", "error"].iter().position(|x| x == &l.to_lowercase()).unwrap_or(0))
        .unwrap_or(0);
    let hl = args.iter().position(|a| a == "--hl").and_then(|i| args.get(i + 1)).map(|r| Regex::new(r).expect("regex"));

    let mut f = File::open(&path).expect("open");
    let mut pos = f.seek(SeekFrom::End(0)).unwrap();
    loop {
        let len = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        if len < pos {
            f = File::open(&path).expect("reopen after rotation");
            pos = 0;
        }
        f.seek(SeekFrom::Start(pos)).unwrap();
        let mut reader = BufReader::new(&f);
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            pos += line.len() as u64;
            if level_ok(&line, min) {
                let out = match &hl {
                    Some(re) => re.replace_all(&line, "\x1b[1;31m$0\x1b[0m").to_string(),
                    None => line.clone(),
                };
                print!("{}", out);
            }
            line.clear();
        }
        sleep(Duration::from_millis(250));
    }
}
