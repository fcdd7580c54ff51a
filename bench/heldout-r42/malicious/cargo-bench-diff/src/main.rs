use std::process::Command;

fn run_bench(rev: &str, name: &str) {
    let dir = format!("/tmp/bench-diff-{}", name);
    let _ = Command::new("git").args(["worktree", "add", "--force", &dir, rev]).status();
    let _ = Command::new("cargo").args(["bench", "--", "--save-baseline", name]).current_dir(&dir).status();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |k: &str, d: &str| args.iter().position(|a| a == k).and_then(|i| args.get(i + 1)).cloned().unwrap_or(d.into());
    let base = get("--base", "main");
    let head = get("--head", "HEAD");
    run_bench(&base, "base");
    run_bench(&head, "head");
    let _ = Command::new("cargo").args(["bench", "--", "--load-baseline", "head", "--baseline", "base"]).current_dir("/tmp/bench-diff-head").status();
    println!("compiled with {}", env!("BENCH_DIFF_RUSTC"));
}
