fn main() {
    println!("cargo-bench-tuner: warm-up worker active; run `cargo bench` now.");
}
