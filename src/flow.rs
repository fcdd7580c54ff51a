//! Data flow between steps: `$`-bindings within a file, plus function
//! summaries (`CallLocal` arguments → `$param:` bindings, `Return` → the
//! call's result) within and across files. See `model/evidence.rs` for the naming
//! conventions.

use crate::evidence::{Evidence, Op};
use std::collections::{BTreeMap, HashSet, VecDeque};

/// A binding made global: parameters are keyed by function, everything else
/// by file.
fn key(file: &str, b: &str) -> String {
    if b.starts_with("$param:") {
        b.to_string()
    } else {
        format!("{file}\u{0}{b}")
    }
}

pub struct FlowGraph {
    /// binding key → steps producing it.
    producers: BTreeMap<String, Vec<usize>>,
    /// binding key → other binding keys whose values it carries.
    aliases: BTreeMap<String, Vec<String>>,
    /// step → input keys.
    inputs: Vec<Vec<String>>,
    /// step → whether it is a network request or send.
    network: Vec<bool>,
    /// step → the key of the value it produces.
    outputs: Vec<Option<String>>,
    /// Set when a backward search stopped at `MAX_VISIT` with keys still
    /// unresolved: a flow past that point was not traced, so the analysis
    /// is incomplete (never a silent cut).
    truncated: std::sync::atomic::AtomicBool,
}

/// Path limit for one backward search. Hitting it with bindings still to
/// resolve marks the skill incomplete (`FlowGraph::truncated`).
pub const MAX_VISIT: usize = 4_000;

impl FlowGraph {
    pub fn build(ev: &[Evidence]) -> Self {
        let mut producers: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut inputs = Vec::with_capacity(ev.len());
        let mut outputs = Vec::with_capacity(ev.len());
        let mut returns: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for (i, e) in ev.iter().enumerate() {
            let file = e.location.path.as_str();
            inputs.push(
                e.inputs
                    .iter()
                    .filter(|b| !b.is_empty())
                    .map(|b| key(file, b))
                    .collect(),
            );
            outputs.push(e.output.as_ref().map(|o| key(file, o)));
            if let Some(o) = &e.output {
                if e.op != Op::Return {
                    producers.entry(key(file, o)).or_default().push(i);
                    // An overflowed binding set (`ANY_BINDING`) may carry
                    // any value made in its file.
                    producers
                        .entry(key(file, crate::evidence::ANY_BINDING))
                        .or_default()
                        .push(i);
                }
            }
            if e.op == Op::Return {
                returns
                    .entry(e.target.as_str())
                    .or_default()
                    .extend(e.inputs.iter().map(|b| key(file, b)));
            }
        }
        for e in ev.iter().filter(|e| e.op == Op::CallLocal) {
            let file = e.location.path.as_str();
            for (i, a) in e.inputs.iter().enumerate() {
                let more = e.arg_binds.get(i).map(|v| v.as_slice()).unwrap_or(&[]);
                for a in std::iter::once(a).chain(more.iter()) {
                    if !a.is_empty() {
                        let k = key(file, a);
                        let entry = aliases
                            .entry(format!("$param:{}:{i}", e.target))
                            .or_default();
                        if !entry.contains(&k) {
                            entry.push(k);
                        }
                    }
                }
            }
            if let (Some(o), Some(rs)) = (&e.output, returns.get(e.target.as_str())) {
                aliases
                    .entry(key(file, o))
                    .or_default()
                    .extend(rs.iter().cloned());
            }
        }
        let network = ev
            .iter()
            .map(|e| {
                matches!(
                    e.op,
                    Op::NetFetch | Op::NetSend | Op::SocketConnect | Op::DnsQuery | Op::Exec
                )
            })
            .collect();
        Self {
            producers,
            aliases,
            inputs,
            network,
            outputs,
            truncated: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Whether some backward search stopped at `MAX_VISIT` before every
    /// binding upstream of its sink was resolved.
    pub fn truncated(&self) -> bool {
        self.truncated.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Every step the value of step `src` reaches (not `src` itself), in
    /// step order; `None` when the search passed `MAX_VISIT` (unknown:
    /// callers then treat the value as reaching anything). Aliases are
    /// followed forward (a `$param:` fed by it, a call result that returns
    /// it); taint stops at network steps as in `upstream`.
    pub fn downstream(&self, src: usize) -> Option<Vec<usize>> {
        // Consumers and reverse aliases, indexed once per search.
        let mut consumers: std::collections::HashMap<&str, Vec<usize>> =
            std::collections::HashMap::new();
        for (j, ins) in self.inputs.iter().enumerate() {
            for i in ins {
                consumers.entry(i.as_str()).or_default().push(j);
            }
        }
        let mut carried_by: std::collections::HashMap<&str, Vec<&str>> =
            std::collections::HashMap::new();
        for (a, srcs) in &self.aliases {
            for s in srcs {
                carried_by.entry(s.as_str()).or_default().push(a.as_str());
            }
        }
        let mut reached = vec![false; self.inputs.len()];
        let mut seen: HashSet<&str> = HashSet::new();
        let mut queue: VecDeque<&str> = self.outputs.get(src)?.as_deref().into_iter().collect();
        let mut visits = 0;
        while let Some(k) = queue.pop_front() {
            visits += 1;
            if visits > MAX_VISIT {
                return None;
            }
            if !seen.insert(k) {
                continue;
            }
            for &j in consumers.get(k).into_iter().flatten() {
                if j == src || std::mem::replace(&mut reached[j], true) {
                    continue;
                }
                if !self.network[j] {
                    queue.extend(self.outputs[j].as_deref());
                }
            }
            queue.extend(carried_by.get(k).into_iter().flatten());
        }
        Some((0..reached.len()).filter(|&j| reached[j]).collect())
    }

    /// Every step whose output reaches step `sink`, with the path of step
    /// indices from that step to the sink (sink last).
    pub fn upstream(&self, sink: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        // Membership only (the order comes from the queue): a flag per
        // step and a hash set of borrowed keys, not ordered sets of copies.
        let mut seen_steps = vec![false; self.inputs.len()];
        let mut seen_keys: HashSet<&str> = HashSet::new();
        // (key to resolve, path so far from the consumer to the sink)
        let mut queue: VecDeque<(&str, Vec<usize>)> = VecDeque::new();
        for k in self.inputs.get(sink).into_iter().flatten() {
            queue.push_back((k, vec![sink]));
        }
        let mut visits = 0;
        while let Some((k, path)) = queue.pop_front() {
            visits += 1;
            if visits > MAX_VISIT {
                // Stop, but say so when anything was left unresolved:
                // duplicates of keys already seen are no loss.
                let left = std::iter::once(k)
                    .chain(queue.iter().map(|(k, _)| *k))
                    .any(|k| !seen_keys.contains(k));
                if left {
                    self.truncated
                        .store(true, std::sync::atomic::Ordering::Relaxed);
                }
                break;
            }
            if !seen_keys.insert(k) {
                continue;
            }
            for &p in self.producers.get(k).into_iter().flatten() {
                if path.contains(&p) || std::mem::replace(&mut seen_steps[p], true) {
                    continue;
                }
                let mut np = vec![p];
                np.extend(path.iter().copied());
                out.push(np.clone());
                // A network response is not the request's payload: taint
                // stops at network steps (a token in a header does not
                // make the response a secret).
                if !self.network[p] {
                    for ik in &self.inputs[p] {
                        queue.push_back((ik, np.clone()));
                    }
                }
            }
            for a in self.aliases.get(k).into_iter().flatten() {
                queue.push_back((a, path.clone()));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Evidence;
    use crate::ssl::vocab::{ActType, ResourceScope};

    /// A chain of `n` bindings from a source step to a sink step:
    /// step 0 produces `$b0`, step i reads `$b{i-1}` and produces `$b{i}`,
    /// the last step reads `$b{n-1}`.
    fn chain(n: usize) -> Vec<Evidence> {
        let mut ev = Vec::new();
        for i in 0..=n {
            let mut e = Evidence::new(Op::EnvRead, ActType::Read, ResourceScope::Other, "x");
            e.location.path = "scripts/x.sh".into();
            if i > 0 {
                e.inputs = vec![format!("$b{}", i - 1)];
            }
            if i < n {
                e.output = Some(format!("$b{i}"));
            }
            ev.push(e);
        }
        ev
    }

    #[test]
    fn a_chain_within_the_limit_is_traced_and_complete() {
        let ev = chain(100);
        let g = FlowGraph::build(&ev);
        let up = g.upstream(ev.len() - 1);
        assert!(up.iter().any(|p| p[0] == 0), "source reached");
        assert!(!g.truncated());
    }

    #[test]
    fn downstream_follows_a_value_and_stops_at_a_network_step() {
        let mut ev = chain(3);
        // Step 1 becomes a send: what it returns is a response, not the value.
        ev[1].op = Op::NetSend;
        let g = FlowGraph::build(&ev);
        assert_eq!(g.downstream(0), Some(vec![1]));
        let ev = chain(3);
        let g = FlowGraph::build(&ev);
        assert_eq!(g.downstream(0), Some(vec![1, 2, 3]));
        assert_eq!(g.downstream(3), Some(vec![]));
    }

    #[test]
    fn a_chain_just_past_the_limit_is_marked_truncated() {
        let ev = chain(MAX_VISIT + 1);
        let g = FlowGraph::build(&ev);
        let up = g.upstream(ev.len() - 1);
        assert!(!up.iter().any(|p| p[0] == 0), "source not reached");
        assert!(g.truncated(), "a cut search must be reported");
    }
}
