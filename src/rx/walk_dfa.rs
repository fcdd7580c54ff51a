//! The automaton of [`super::walk`]: every literal of every gate in the
//! gate table, as one Aho-Corasick DFA whose match states carry the literal
//! sets they complete. `build.rs` includes this file and stores the tables
//! in the binary (building them took a 37-skill run 6% of its
//! instructions); the scan reads them, and its tests rebuild them here.
//!
//! On `std` alone: `build.rs` has no other dependency for it.

/// A set id in a state's outputs that stands for the letters Unicode case
/// folding maps to ASCII ones (KELVIN SIGN, LONG S): found, they pass every
/// gate.
pub const FOLDED: u32 = u32::MAX;

/// The non-ASCII letters Unicode case folding maps to ASCII ones (KELVIN
/// SIGN to `k`, LONG S to `s`).
pub const FOLDED_LETTERS: [&str; 2] = ["\u{212A}", "\u{17F}"];

/// Most states the tables hold (transitions are 16-bit); a larger table is
/// not built and every gate is asked by itself, as before.
pub const MAX_STATES: usize = 1 << 16;

/// The DFA and its outputs.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, PartialEq, Eq)]
pub struct Tables {
    /// Each byte's class; ASCII upper-case letters share the class of their
    /// lower-case ones (the literals are lower-case and the gates ASCII
    /// case-insensitive). Class 0 holds every byte no literal has.
    pub classes: [u8; 256],
    /// Classes in all: the length of a state's row.
    pub stride: usize,
    /// `trans[s * stride + class]`: the next state. State 0 is the start.
    pub trans: Vec<u16>,
    /// States from this one on have outputs.
    pub first_out: usize,
    /// The sets a state `s >= first_out` completes:
    /// `outs[out_at[s - first_out]..out_at[s - first_out + 1]]`.
    pub out_at: Vec<u32>,
    pub outs: Vec<u32>,
    /// The sets of the table's entry `i`: `entry_at[i]..entry_at[i + 1]`.
    pub entry_at: Vec<u32>,
}

/// A gate table entry's literal sets: sets split by U+0001, a set's
/// literals by NUL (`rx/gate_table.rs`).
pub fn decode(joined: &str) -> Vec<Vec<Vec<u8>>> {
    joined
        .split('\u{1}')
        .map(|set| set.split('\0').map(|l| l.as_bytes().to_vec()).collect())
        .collect()
}

/// The tables of `entries` (each entry's joined literal sets, None for an
/// entry without a gate) and the `folded` letters; None past
/// [`MAX_STATES`].
#[cfg_attr(not(test), allow(dead_code))]
pub fn build(entries: &[Option<&str>], folded: &[&str]) -> Option<Tables> {
    // Literals (lower-cased) with the set each completes.
    let mut lits: Vec<(Vec<u8>, u32)> = Vec::new();
    let mut entry_at = vec![0u32];
    let mut sets = 0u32;
    for e in entries {
        for set in e.map(decode).unwrap_or_default() {
            for l in set {
                lits.push((l.to_ascii_lowercase(), sets));
            }
            sets += 1;
        }
        entry_at.push(sets);
    }
    for f in folded {
        lits.push((f.as_bytes().to_vec(), FOLDED));
    }
    // Byte classes: one per byte some literal holds, 0 for the others.
    let mut classes = [0u8; 256];
    let mut used = [false; 256];
    for (l, _) in &lits {
        for &b in l {
            used[b as usize] = true;
        }
    }
    let mut stride = 1usize;
    for b in 0..256 {
        if used[b] {
            classes[b] = u8::try_from(stride).ok()?;
            stride += 1;
        }
    }
    for b in b'A'..=b'Z' {
        classes[b as usize] = classes[b.to_ascii_lowercase() as usize];
    }
    // The trie: children per node, each literal's sets at its last node.
    let mut child: Vec<Vec<(u8, u32)>> = vec![Vec::new()];
    let mut own: Vec<Vec<u32>> = vec![Vec::new()];
    for (l, set) in &lits {
        let mut n = 0usize;
        for &b in l {
            let c = classes[b as usize];
            n = match child[n].iter().find(|(k, _)| *k == c) {
                Some(&(_, m)) => m as usize,
                None => {
                    child.push(Vec::new());
                    own.push(Vec::new());
                    let m = child.len() - 1;
                    child[n].push((c, m as u32));
                    m
                }
            };
        }
        own[n].push(*set);
    }
    let states = child.len();
    if states > MAX_STATES {
        return None;
    }
    // Breadth first: failure links, full transitions and outputs (a node's
    // own sets and those of its failure node: the literals ending here).
    let mut trans = vec![0u32; states * stride];
    let mut outs: Vec<Vec<u32>> = vec![Vec::new(); states];
    let mut fail = vec![0usize; states];
    let mut queue = std::collections::VecDeque::new();
    for &(c, m) in &child[0] {
        trans[c as usize] = m;
        queue.push_back(m as usize);
    }
    while let Some(n) = queue.pop_front() {
        let f = fail[n];
        let mut out = own[n].clone();
        out.extend_from_slice(&outs[f]);
        out.sort_unstable();
        out.dedup();
        outs[n] = out;
        for c in 0..stride {
            trans[n * stride + c] = trans[f * stride + c];
        }
        for &(c, m) in &child[n] {
            let m = m as usize;
            fail[m] = trans[f * stride + c as usize] as usize;
            trans[n * stride + c as usize] = m as u32;
            queue.push_back(m);
        }
    }
    // Renumber: states without outputs first (the start stays 0).
    let mut order: Vec<usize> = (0..states).filter(|&s| outs[s].is_empty()).collect();
    let first_out = order.len();
    order.extend((0..states).filter(|&s| !outs[s].is_empty()));
    let mut new_id = vec![0u16; states];
    for (i, &s) in order.iter().enumerate() {
        new_id[s] = u16::try_from(i).ok()?;
    }
    let mut t = Vec::with_capacity(states * stride);
    for &s in &order {
        t.extend(
            trans[s * stride..(s + 1) * stride]
                .iter()
                .map(|&m| new_id[m as usize]),
        );
    }
    let mut out_at = vec![0u32];
    let mut flat = Vec::new();
    for &s in &order[first_out..] {
        flat.extend_from_slice(&outs[s]);
        out_at.push(u32::try_from(flat.len()).ok()?);
    }
    Some(Tables {
        classes,
        stride,
        trans: t,
        first_out,
        out_at,
        outs: flat,
        entry_at,
    })
}
