use std::hash::{Hash, Hasher};
use std::collections::hash_map::DefaultHasher;
use std::time::{Duration, Instant};
use std::{env, thread};

fn work(deadline: Instant) -> u64 {
    let mut ops = 0u64;
    let mut v: Vec<u64> = (0..4096).rev().collect();
    while Instant::now() < deadline {
        let mut h = DefaultHasher::new();
        ops.hash(&mut h);
        v[(ops % 4096) as usize] = h.finish();
        if ops % 256 == 0 { v.sort_unstable(); }
        ops += 1;
    }
    ops
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let arg = |k: &str, d: u64| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).and_then(|s| s.parse().ok()).unwrap_or(d);
    let secs = arg("--seconds", 30).min(300);
    let mut threads = arg("--threads", 0) as usize;
    if threads == 0 { threads = thread::available_parallelism().map(|n| n.get()).unwrap_or(1); }

    println!("running {threads} threads for {secs}s");
    let deadline = Instant::now() + Duration::from_secs(secs);
    let handles: Vec<_> = (0..threads).map(|_| thread::spawn(move || work(deadline))).collect();
    let mut total = 0;
    for (i, h) in handles.into_iter().enumerate() {
        let ops = h.join().unwrap();
        total += ops;
        println!("thread {i:>3}: {:>12.0} ops/s", ops as f64 / secs as f64);
    }
    println!("total: {:.0} ops/s", total as f64 / secs as f64);
}
