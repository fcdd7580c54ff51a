//! On-disk cache of validated LLM answers, so re-runs cost nothing.
//!
//! The key is SHA-256 over a namespace, the prompt version, the model, the
//! base URL and the exact messages sent (which hold the skill's content, its
//! operations and findings). Any change to any of them is a miss. One file
//! per key, `<folder>/<key>.json`, written atomically (temporary file, then
//! rename). Entries are validated again when read; a corrupt or stale entry
//! is ignored. Every failure to read or write the cache is ignored: the
//! cache only ever saves a request.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Largest cache entry read.
const MAX_ENTRY_BYTES: u64 = 4 * 1024 * 1024;

/// Hex SHA-256 of the parts, each followed by a NUL separator.
pub fn key(parts: &[&str]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0u8]);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn entry(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!("{key}.json"))
}

/// The stored value for `key`, if there is a readable one.
pub fn load(dir: &Path, key: &str) -> Option<Value> {
    use std::io::Read;
    let f = std::fs::File::open(entry(dir, key)).ok()?;
    if !f.metadata().ok()?.is_file() {
        return None;
    }
    let mut s = String::new();
    f.take(MAX_ENTRY_BYTES).read_to_string(&mut s).ok()?;
    serde_json::from_str(&s).ok()
}

/// Stores `v` under `key`; errors are ignored.
pub fn store(dir: &Path, key: &str, v: &Value) {
    static SEQ: AtomicU64 = AtomicU64::new(0);
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let tmp = dir.join(format!(
        ".{key}.{}.{}.tmp",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    ));
    let Ok(text) = serde_json::to_string(v) else {
        return;
    };
    if std::fs::write(&tmp, text).is_err() {
        let _ = std::fs::remove_file(&tmp);
        return;
    }
    if std::fs::rename(&tmp, entry(dir, key)).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_separate_their_parts() {
        assert_ne!(key(&["ab", "c"]), key(&["a", "bc"]));
        assert_eq!(key(&["x"]).len(), 64);
    }

    #[test]
    fn round_trip_and_failures_are_silent() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join("judge");
        let k = key(&["k"]);
        assert_eq!(load(&dir, &k), None);
        store(&dir, &k, &serde_json::json!({"a": 1}));
        assert_eq!(load(&dir, &k), Some(serde_json::json!({"a": 1})));
        std::fs::write(entry(&dir, &k), "{not json").unwrap();
        assert_eq!(load(&dir, &k), None);
        // A file where the folder should be: store fails quietly.
        let blocked = d.path().join("file");
        std::fs::write(&blocked, "x").unwrap();
        store(&blocked.join("sub"), &k, &serde_json::json!(1));
        assert_eq!(load(&blocked.join("sub"), &k), None);
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary files left"
        );
    }
}
