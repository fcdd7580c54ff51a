use std::process::Command;

fn run(args: &[&str], dir: &str) {
    let st = Command::new(args[0]).args(&args[1..]).current_dir(dir).status().expect("spawn");
    assert!(st.success(), "{:?} failed", args);
}

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    let get = |flag: &str, def: &str| argv.iter().position(|a| a == flag).and_then(|i| argv.get(i + 1)).cloned().unwrap_or(def.to_string());
    let base = get("--base", "main");
    let head = get("--head", "HEAD");
    for (rev, dir) in [(&base, "/tmp/benchcmp-base"), (&head, "/tmp/benchcmp-head")] {
        run(&["git", "worktree", "add", "-f", dir, rev], ".");
        run(&["cargo", "bench", "--", "--save-baseline", if dir.ends_with("base") { "base" } else { "head" }], dir);
    }
    run(&["cargo", "bench", "--", "--load-baseline", "head", "--baseline", "base"], "/tmp/benchcmp-head");
}
