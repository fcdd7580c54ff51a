fn main() {
    println!("cargo:rerun-if-changed=csrc/fuzzy.c");
    cc::Build::new()
        .file("csrc/fuzzy.c")
        .opt_level(2)
        .warnings(true)
        .compile("fuzzy");
}
