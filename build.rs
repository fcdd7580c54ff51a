//! Embeds every rule definition in `rules/*.yml` into the binary, sorted by
//! file name, so the scanner needs no files at run time; and each rule
//! without its `examples:` section as JSON, read by every scan: parsing the
//! YAML rules was half of an empty skill's instructions (about 20 M per
//! process), JSON reads in a tenth of that. `rules::tests` checks that both
//! texts give the same rules. Also builds the probes of the gate table's
//! patterns ([`probes`]).

use std::fs;
use std::path::Path;

#[allow(dead_code)]
#[path = "src/rx/probe_nfa.rs"]
mod probe_nfa;

#[path = "src/rx/walk_dfa.rs"]
mod walk_dfa;

include!("src/rx/gate_table.rs");

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
    probes(Path::new(&out_dir));
    walk_tables(Path::new(&out_dir));
}

/// The one automaton over every gate's literals (`rx::walk`), built here
/// from the gate table with `src/rx/walk_dfa.rs`: `walk_gen.rs` holds its
/// byte classes and sizes, the `walk_*.bin` blobs its arrays
/// (little-endian). A table past `walk_dfa::MAX_STATES` stores none, and the
/// scan asks each gate by itself.
fn walk_tables(out: &Path) {
    println!("cargo:rerun-if-changed=src/rx/walk_dfa.rs");
    let entries: Vec<Option<&str>> = GATES.iter().map(|(_, j)| *j).collect();
    let t = walk_dfa::build(&entries, &walk_dfa::FOLDED_LETTERS);
    let le16 = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let le32 = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let (built, classes, stride, first_out) = match &t {
        Some(t) => (true, t.classes, t.stride, t.first_out),
        None => (false, [0u8; 256], 1, 0),
    };
    let blobs: [(&str, Vec<u8>); 4] = [
        (
            "walk_trans.bin",
            t.as_ref().map(|t| le16(&t.trans)).unwrap_or_default(),
        ),
        (
            "walk_out_at.bin",
            t.as_ref().map(|t| le32(&t.out_at)).unwrap_or_default(),
        ),
        (
            "walk_outs.bin",
            t.as_ref().map(|t| le32(&t.outs)).unwrap_or_default(),
        ),
        (
            "walk_entry_at.bin",
            t.as_ref().map(|t| le32(&t.entry_at)).unwrap_or_default(),
        ),
    ];
    let mut code = format!(
        "/// Whether `build.rs` stored the tables.\n\
         pub(super) const BUILT: bool = {built};\n\
         pub(super) const STRIDE: usize = {stride};\n\
         pub(super) const FIRST_OUT: usize = {first_out};\n\
         pub(super) static CLASSES: [u8; 256] = {classes:?};\n"
    );
    for (name, bytes) in &blobs {
        fs::write(out.join(name), bytes).expect("write a walk table");
        let id = name.trim_end_matches(".bin").to_uppercase();
        code.push_str(&format!(
            "pub(super) static {id}: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}\"));\n"
        ));
    }
    fs::write(out.join("walk_gen.rs"), code).expect("write walk_gen.rs");
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

/// The probe automata of the gate table's patterns (`src/rx/gate_table.rs`,
/// every built-in pattern the corpus reaches), built here rather than at
/// run time: a single-skill scan built about 70 probes (parse, NFA) for a
/// third of its instructions. Each is the NFA the scan would build
/// (`probe_nfa::nfa`), determinized and stored as a sparse DFA; a pattern
/// whose DFA passes [`PROBE_DFA_MAX`] is left to the scan, as is every
/// pattern the table lacks (a stale table costs time, never an answer).
fn probes(out: &Path) {
    use regex_automata::dfa::dense;
    println!("cargo:rerun-if-changed=src/rx/gate_table.rs");
    println!("cargo:rerun-if-changed=src/rx/probe_nfa.rs");
    let mut index = String::from(
        "/// (pattern, offset and length of its sparse DFA in `PROBE_BLOB`, whether\n\
         /// the DFA's language is the pattern's), sorted by pattern.\n\
         pub(super) static PROBE_INDEX: &[(&str, usize, usize, bool)] = &[\n",
    );
    let mut blob: Vec<u8> = Vec::new();
    let mut stats = String::new();
    for (pattern, _) in GATES {
        let Some((nfa, exact)) = probe_nfa::nfa(&[probe_nfa::ascii_classes(pattern)], false, true)
        else {
            continue;
        };
        let built = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .determinize_size_limit(Some(PROBE_DFA_MAX * 8))
                    .dfa_size_limit(Some(PROBE_DFA_MAX * 8)),
            )
            .build_from_nfa(&nfa)
            .ok()
            .and_then(|d| d.to_sparse().ok());
        let Some(sparse) = built else {
            stats.push_str(&format!("skip {pattern:?}\n"));
            continue;
        };
        let bytes = sparse.to_bytes_little_endian();
        if bytes.len() > PROBE_DFA_MAX {
            stats.push_str(&format!("big {} {pattern:?}\n", bytes.len()));
            continue;
        }
        stats.push_str(&format!("ok {} {pattern:?}\n", bytes.len()));
        index.push_str(&format!(
            "    ({pattern:?}, {}, {}, {exact}),\n",
            blob.len(),
            bytes.len()
        ));
        blob.extend_from_slice(&bytes);
    }
    index.push_str("];\n");
    index.push_str(
        "/// The sparse DFAs of `PROBE_INDEX`, little-endian.\n\
         pub(super) static PROBE_BLOB: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/probes.bin\"));\n",
    );
    fs::write(out.join("probes.bin"), &blob).expect("write probes.bin");
    fs::write(out.join("probes_gen.rs"), index).expect("write probes_gen.rs");
    fs::write(out.join("probes_stats.txt"), stats).expect("write probes_stats.txt");
}

/// Largest sparse DFA stored for a probe (bytes); a pattern's dense DFA may
/// grow to eight times it while it is built.
const PROBE_DFA_MAX: usize = 64 * 1024;
