//! No new file-level import cycle in `src/` (issue 14): `bench/cycles.py`
//! computes the `crate::`/`super::` use graph and fails on a cycle that is
//! not in `bench/cycles.allow`, or on an allowed one that is gone (so the
//! list only shrinks). The model layer (`src/model/`) names nothing of the
//! crate outside it. Skipped, saying so, where there is no python3.

use std::path::Path;
use std::process::{Command, Output};

/// `bench/cycles.py --src SRC ARGS…`, or None (skipped) without python3.
fn cycles_py(src: &Path, args: &[&str]) -> Option<Output> {
    let root = env!("CARGO_MANIFEST_DIR");
    match Command::new("python3")
        .arg(format!("{root}/bench/cycles.py"))
        .arg("--src")
        .arg(src)
        .args(args)
        .output()
    {
        Ok(o) => Some(o),
        Err(e) => {
            eprintln!("skipped: python3 is not available ({e})");
            None
        }
    }
}

#[test]
fn no_new_import_cycle() {
    let root = env!("CARGO_MANIFEST_DIR");
    let allow = format!("{root}/bench/cycles.allow");
    let Some(out) = cycles_py(&Path::new(root).join("src"), &["--allow", &allow]) else {
        return;
    };
    assert!(
        out.status.success(),
        "import cycles changed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn model_layer_depends_on_nothing_else() {
    let root = env!("CARGO_MANIFEST_DIR");
    let Some(out) = cycles_py(&Path::new(root).join("src"), &["--layer", "model"]) else {
        return;
    };
    assert!(
        out.status.success(),
        "src/model/ must not name the rest of the crate (move the type into \
         src/model/, or keep the logic as an impl block in the pipeline):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The layer check itself: a model file naming a pipeline module (directly,
/// through `super::super`, or through an old re-exported path) is caught;
/// its own siblings and test modules are not.
#[test]
fn layer_check_catches_an_outside_path() {
    let dir = std::env::temp_dir().join(format!("skillscan-layer-{}", std::process::id()));
    let model = dir.join("model");
    std::fs::create_dir_all(&model).unwrap();
    std::fs::write(
        dir.join("lib.rs"),
        "pub mod model;\npub use model::a as old;\n",
    )
    .unwrap();
    std::fs::write(model.join("mod.rs"), "pub mod a;\npub mod b;\n").unwrap();
    std::fs::write(model.join("a.rs"), "use super::b::Y;\npub struct X;\n").unwrap();
    let outside = |body: &str| {
        std::fs::write(model.join("b.rs"), body).unwrap();
        cycles_py(&dir, &["--layer", "model"]).map(|o| !o.status.success())
    };
    let verdicts = [
        outside("pub struct Y;\nuse super::a::X;\n#[cfg(test)]\nmod t { use crate::audit; }\n"),
        outside("use crate::extract::run;\n"),
        outside("fn f() { super::super::score::score(); }\n"),
        outside("use crate::old::X;\n"),
    ];
    std::fs::remove_dir_all(&dir).ok();
    if verdicts.iter().any(Option::is_none) {
        return;
    }
    assert_eq!(
        verdicts.map(Option::unwrap),
        [false, true, true, true],
        "inside, crate::extract, super::super, an old re-exported path"
    );
}

/// The cycle check itself, now that the allow list is empty: two files that
/// name each other fail the run; one naming its parent `mod.rs` does not.
#[test]
fn cycle_check_catches_a_new_cycle() {
    let dir = std::env::temp_dir().join(format!("skillscan-cycle-{}", std::process::id()));
    let sub = dir.join("x");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod x;\n").unwrap();
    std::fs::write(
        sub.join("mod.rs"),
        "pub mod a;\npub mod b;\npub struct S;\n",
    )
    .unwrap();
    std::fs::write(sub.join("a.rs"), "use super::S;\n").unwrap();
    let fails = |b: &str| {
        std::fs::write(sub.join("b.rs"), b).unwrap();
        cycles_py(&dir, &[]).map(|o| !o.status.success())
    };
    let verdicts = [fails("use super::a;\n"), fails("use crate::x::a;\n")];
    std::fs::write(sub.join("a.rs"), "use super::b;\n").unwrap();
    let cycle = fails("fn f() { crate::x::a::g(); }\n");
    std::fs::remove_dir_all(&dir).ok();
    if cycle.is_none() || verdicts.iter().any(Option::is_none) {
        return;
    }
    assert_eq!(verdicts.map(Option::unwrap), [false, false], "no cycle yet");
    assert_eq!(cycle, Some(true), "a.rs -> b.rs -> a.rs is a cycle");
}
