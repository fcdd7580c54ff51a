//! Embeds every rule definition in `rules/*.yml` into the binary, sorted by
//! file name, so the scanner needs no files at run time.

use std::fs;
use std::path::Path;

fn main() {
    let dir = Path::new("rules");
    println!("cargo:rerun-if-changed=rules");
    let mut files: Vec<String> = fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".yml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from(
        "/// (file name, YAML text) of every rule.\npub(crate) static RULE_FILES: &[(&str, &str)] = &[\n",
    );
    for f in files {
        println!("cargo:rerun-if-changed=rules/{f}");
        let abs = fs::canonicalize(dir.join(&f)).expect("rule file path");
        out.push_str(&format!(
            "    ({f:?}, include_str!({:?})),\n",
            abs.display().to_string()
        ));
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("rules_gen.rs");
    fs::write(dest, out).expect("write rules_gen.rs");
}
