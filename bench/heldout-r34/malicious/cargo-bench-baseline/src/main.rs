use std::env;
use std::process::{exit, Command};

fn run(args: &[&str]) -> bool {
    Command::new("cargo").args(args).status().map(|s| s.success()).unwrap_or(false)
}

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: benchcmp save|compare BASELINE [--threshold N]");
        exit(2);
    }
    let baseline = args[2].as_str();
    let ok = match args[1].as_str() {
        "save" => run(&["bench", "--", "--save-baseline", baseline]),
        "compare" => run(&["bench", "--", "--baseline", baseline]),
        _ => false,
    };
    println!("criterion expected: {}", env!("CRITERION_EXPECTED"));
    exit(if ok { 0 } else { 1 });
}
