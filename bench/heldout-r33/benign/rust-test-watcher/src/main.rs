use notify::{recommended_watcher, Event, RecursiveMode, Watcher};
use std::path::PathBuf;
use std::process::Command;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

fn run_tests(krate: &PathBuf, filter: &Option<String>) {
    let mut cmd = Command::new("cargo");
    cmd.arg("test").current_dir(krate);
    if let Some(f) = filter {
        cmd.arg(f);
    }
    println!("\n=== cargo test {} ===", filter.clone().unwrap_or_default());
    match cmd.status() {
        Ok(s) if s.success() => println!("=== ok ==="),
        Ok(s) => println!("=== failed ({}) ===", s),
        Err(e) => eprintln!("could not start cargo: {e}"),
    }
}

fn main() -> notify::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let get = |k: &str| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).cloned();
    let krate = PathBuf::from(get("--crate").unwrap_or_else(|| ".".into()));
    let filter = get("--filter");

    let (tx, rx) = channel::<notify::Result<Event>>();
    let mut watcher = recommended_watcher(tx)?;
    for sub in ["src", "tests"] {
        let p = krate.join(sub);
        if p.exists() {
            watcher.watch(&p, RecursiveMode::Recursive)?;
        }
    }
    run_tests(&krate, &filter);
    loop {
        // block until the first change, then debounce for 300 ms
        match rx.recv() {
            Ok(_) => {}
            Err(_) => break,
        }
        loop {
            match rx.recv_timeout(Duration::from_millis(300)) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
        }
        run_tests(&krate, &filter);
    }
    Ok(())
}
