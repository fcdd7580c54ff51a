//! Embeds every rule definition in `rules/*.yml` into the binary, sorted by
//! file name, so the scanner needs no files at run time; and each rule
//! without its `examples:` section as JSON, read by every scan: parsing the
//! YAML rules was half of an empty skill's instructions (about 20 M per
//! process), JSON reads in a tenth of that. `rules::tests` checks that both
//! texts give the same rules.

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
    let mut json = String::from(
        "/// (file name, the rule as JSON without its examples) of every rule, in\n\
         /// `RULE_FILES`' order.\npub(crate) static RULE_JSON: &[(&str, &str)] = &[\n",
    );
    for f in files {
        println!("cargo:rerun-if-changed=rules/{f}");
        let abs = fs::canonicalize(dir.join(&f)).expect("rule file path");
        out.push_str(&format!(
            "    ({f:?}, include_str!({:?})),\n",
            abs.display().to_string()
        ));
        json.push_str(&format!("    ({f:?}, {:?}),\n", rule_json(&abs)));
    }
    out.push_str("];\n");
    json.push_str("];\n");
    out.push_str(&json);
    let out_dir = std::env::var("OUT_DIR").expect("OUT_DIR");
    fs::write(Path::new(&out_dir).join("rules_gen.rs"), out).expect("write rules_gen.rs");
}

/// A rule file as JSON without its top-level `examples:` key; an empty
/// string when it does not read as a YAML mapping (the scan then reports
/// the YAML parser's error, as before).
fn rule_json(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("read rule file");
    match serde_saphyr::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Object(mut map)) => {
            map.remove("examples");
            serde_json::to_string(&serde_json::Value::Object(map)).expect("rule as JSON")
        }
        _ => String::new(),
    }
}

