//! Which skill files SKILL.md mentions, and which it tells the agent to
//! follow, found in one pass over SKILL.md for all files together (a
//! `contains` per file made 4,000 files in a 16 MB SKILL.md quadratic).

use crate::skill::Skill;
use aho_corasick::AhoCorasick;
use regex::Regex;
use std::sync::LazyLock;

static FOLLOW: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(r"(?i)\b(follow|obey|execute|carry out|perform|do what|apply (all|every|each))\b")
});

/// Per file of the skill (same order as `skill.files`): mentioned by path
/// or by a name over 4 bytes, and told to follow (an instruction word
/// within 100 bytes of a mention of its path).
pub struct Mentions {
    referenced: Vec<bool>,
    followed: Vec<bool>,
}

impl Mentions {
    pub fn find(skill: &Skill, body: &str) -> Self {
        let n = skill.files.len();
        let mut out = Self {
            referenced: vec![false; n],
            followed: vec![false; n],
        };
        // Pattern 2i: the path of file i; 2i + 1: its name.
        let mut pats: Vec<&str> = Vec::with_capacity(2 * n);
        for f in &skill.files {
            pats.push(&f.rel);
            pats.push(f.rel.rsplit('/').next().unwrap_or(&f.rel));
        }
        let Ok(ac) = AhoCorasick::new(&pats) else {
            return out;
        };
        let follow: Vec<(usize, usize)> = FOLLOW
            .find_iter(body)
            .map(|m| (m.start(), m.end()))
            .collect();
        for m in ac.find_overlapping_iter(body) {
            let p = m.pattern().as_usize();
            let (i, by_path) = (p / 2, p % 2 == 0);
            if !by_path && pats[p].len() <= 4 || pats[p].is_empty() {
                continue;
            }
            out.referenced[i] = true;
            if by_path && !out.followed[i] {
                let a = m.start().saturating_sub(100);
                let b = m.end() + 100;
                let k = follow.partition_point(|&(_, e)| e <= a);
                out.followed[i] = follow.get(k).is_some_and(|&(s, _)| s < b);
            }
        }
        out
    }

    /// `(referenced, followed)` for file `i` of `skill.files`.
    pub fn of(&self, i: usize) -> (bool, bool) {
        (self.referenced[i], self.followed[i])
    }
}
