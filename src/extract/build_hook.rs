//! Round 39: code a build or install tool runs by itself.
//!
//! Cargo runs a crate's `build.rs` on every `cargo build` and `cargo run`,
//! RubyGems an `extconf.rb` on `gem install`, pip a source package's
//! `setup.py` (its `cmdclass` install and develop commands too) and Hatch a
//! `hatch_build.py` hook (`tokens::build_time`). The user chose to build or
//! install the tool, never what such a file does besides building: it is an
//! entry point no one picked. In one, these acts are tagged
//! [`Tag::BuildTime`] (SK-EXEC-030, covert execution; the act keeps its own
//! findings in its own dimension):
//!
//! * a send to a host off this machine (`NetSend`; a request to fetch a
//!   dependency is not one);
//! * a read of a credential (a credential file, a secret variable);
//! * a download-and-run;
//! * a program started detached from the build.
//!
//! Compiling C (`cc::Build`), generating bindings, running `protoc` or
//! reading `OUT_DIR`/`CARGO_PKG_*` is none of these.

use crate::evidence::{Evidence, Op, Tag};
use crate::extract::indicators::{is_local_host, is_private_host, url_host};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Whether `e` is an act a build file has no business doing by itself.
fn unchosen(e: &Evidence) -> bool {
    match e.op {
        Op::NetSend => {
            url_host(&e.target).is_some_and(|h| !is_local_host(&h) && !is_private_host(&h))
        }
        Op::DownloadExec => true,
        Op::Exec => e.has(Tag::Detached),
        _ => e.scope == R::Credentials && e.act == A::Read,
    }
}

/// A Python file pip or Hatch runs at build time: a `setup.py` that calls
/// setuptools' (or distutils') `setup`, a `hatch_build.py` that defines a
/// build hook. A `scripts/setup.py` wizard the user runs is neither.
static PY_BUILD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^\s*(?:from\s+(?:setuptools|distutils)[\w.]*\s+import\b|import\s+setuptools\b)|\bBuildHookInterface\b",
);

/// Whether a build or install tool runs the file `rel` (text `text`) by
/// itself.
pub fn build_time(rel: &str, text: &str) -> bool {
    match rel.rsplit('/').next().unwrap_or(rel) {
        "setup.py" | "hatch_build.py" => PY_BUILD.is_match(text),
        _ => super::tokens::build_time(rel),
    }
}

/// Tags the acts of `items` (one build-time file's evidence).
pub fn mark(rel: &str, text: &str, items: &mut [Evidence]) {
    if !build_time(rel, text) {
        return;
    }
    for e in items.iter_mut().filter(|e| e.location.path == rel) {
        if unchosen(e) {
            e.tags.insert(Tag::BuildTime);
        }
    }
}
