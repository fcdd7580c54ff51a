//! Code execution fed by the network or by a decoder.

use super::super::{RuleCx, RuleDef, weigh};
use crate::evidence::{Op, Tag};
use crate::finding::Finding;

fn executes(op: Op) -> bool {
    matches!(op, Op::Exec | Op::DynamicCode)
}

fn flow_rule(
    def: &RuleDef,
    cx: &RuleCx,
    is_source: impl Fn(&crate::evidence::Evidence) -> bool,
    what: &str,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, sink) in cx.evidence.iter().enumerate() {
        if !executes(sink.op) || sink.has(Tag::FixedProgram) {
            continue;
        }
        if let Some(path) = cx
            .flows
            .upstream(i)
            .into_iter()
            .find(|p| is_source(&cx.evidence[p[0]]))
        {
            let Some((mut sev, conf)) = weigh(sink, def.severity, def.confidence) else {
                continue;
            };
            let src = &cx.evidence[path[0]];
            if src.has(Tag::OwnOrigin) {
                // Fetched from the skill's own homepage or repository: an
                // unpinned install from the publisher, worth a warning.
                sev = sev.min(crate::finding::Severity::Medium);
            }
            let mut f = cx.finding(
                def,
                sink.location.clone(),
                &sink.snippet,
                format!(
                    "{what} {} is executed ({})",
                    crate::text::snippet(&src.target, 80),
                    sink.object
                ),
            );
            f.severity = sev;
            f.confidence = conf;
            f.logic_step_id = cx.step_ids.get(i).cloned().flatten();
            f.flow = cx.flow_steps(&path, |e| format!("{} {}: {}", e.act, e.scope, e.object));
            out.push(f);
        }
    }
    out
}

pub(crate) fn network_to_exec(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    flow_rule(
        def,
        cx,
        |e| {
            e.op == Op::NetFetch && !e.has(Tag::KnownInstaller)
                || crate::extract::net_send::dns_answer_is_data(e)
        },
        "content fetched from",
    )
}

pub(crate) fn decoded_to_exec(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    flow_rule(def, cx, |e| e.op == Op::Decode, "decoded data from")
}
