//! Whole-environment copies that only become a child's environment.
//!
//! Every language copies the environment to start a program with one
//! variable changed (`env = os.environ.copy(); env["X"] = "1";
//! subprocess.run(cmd, env=env)`, `{...process.env, X: "1"}` in spawn
//! options, `$env:X = 1` before `Start-Process`). The copy is an
//! [`Op::EnvDump`], but nothing of it is printed, written or sent. The
//! JavaScript front-end knew spawn options; this judges every language
//! once, over the shared flow graph: a dump whose value reaches at least
//! one step, every one of them a process start, is tagged
//! [`Tag::ChildEnv`]. A dump that reaches an output, a file, a send or
//! anything else keeps its meaning, and so does one whose reach the graph
//! cannot bound (`downstream` gave up).

use crate::evidence::{Evidence, Op, Tag};
use crate::flow::FlowGraph;

/// Tags the whole-environment copies that only reach process starts.
pub fn mark(evidence: &mut [Evidence], flows: &FlowGraph) {
    let dumps: Vec<usize> = evidence
        .iter()
        .enumerate()
        .filter(|(_, e)| e.op == Op::EnvDump && e.output.is_some())
        .map(|(i, _)| i)
        .collect();
    for i in dumps {
        let Some(reached) = flows.downstream(i) else {
            continue;
        };
        if !reached.is_empty() && reached.iter().all(|&j| evidence[j].op == Op::Exec) {
            evidence[i].tags.insert(Tag::ChildEnv);
        }
    }
}
