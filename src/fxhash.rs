//! A fast, non-cryptographic hasher for the extractors' private maps.
//!
//! The standard `HashMap` hashes with SipHash-1-3 (resistant to chosen
//! collisions, about 20 instructions per byte); the Python walker asks
//! its binding and alias maps several times per expression, and SipHash
//! was a tenth of its cost. This is the multiply-rotate hash rustc uses
//! (FxHash), a few instructions per word. Hostile input cannot make it
//! slow in a way that matters: every map it backs is bounded by a budget
//! in `limits.rs`, and the order of a hash map never reaches the output
//! (the standard hasher is seeded at random per run, so nothing could
//! depend on it).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// `HashMap` with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// `HashSet` with [`FxHasher`].
pub type FxHashSet<T> = HashSet<T, BuildHasherDefault<FxHasher>>;

/// The multiply-rotate hasher of rustc (`rustc-hash` 1.x).
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_hash_alike_and_maps_work() {
        let mut m: FxHashMap<String, usize> = FxHashMap::default();
        for i in 0..1000 {
            m.insert(format!("$v{i}"), i);
        }
        assert_eq!(m.len(), 1000);
        assert_eq!(m.get("$v999"), Some(&999));
        assert_eq!(m.get("$v1000"), None);
        let s: FxHashSet<usize> = (0..100).map(|i| i * 4096).collect();
        assert!(s.contains(&4096) && !s.contains(&4097));
    }
}
