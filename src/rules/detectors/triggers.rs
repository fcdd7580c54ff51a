//! Hidden triggers: date, environment or first-run checks that gate a
//! risky operation (time bombs, sandbox evasion).

use super::super::{RuleCx, RuleDef, weigh};
use crate::evidence::{Op, Tag};
use crate::finding::Finding;

pub(crate) fn hidden_trigger(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let risky = |op: Op| {
        matches!(
            op,
            Op::NetSend
                | Op::NetFetch
                | Op::Exec
                | Op::DynamicCode
                | Op::DownloadExec
                | Op::FileDelete
                | Op::FileRead
                | Op::EnvDump
                | Op::SocketConnect
                | Op::ReverseShell
                | Op::CallLocal
        )
    };
    let mut out = Vec::new();
    for (i, e) in cx.evidence.iter().enumerate() {
        let gate = [Tag::DateGate, Tag::EnvGate, Tag::FirstRun]
            .into_iter()
            .find(|t| e.has(*t));
        let Some(gate) = gate else { continue };
        if !risky(e.op) || e.op == Op::Sleep {
            continue;
        }
        let Some((sev, conf)) = weigh(e, def.severity, def.confidence) else {
            continue;
        };
        let why = match gate {
            Tag::DateGate => "a date or time check",
            Tag::EnvGate => "an environment check (CI, sandbox, host)",
            _ => "a first-run marker",
        };
        let mut f = cx.finding(
            def,
            e.location.clone(),
            &e.snippet,
            format!("{} is gated by {why}", e.object),
        );
        f.severity = sev;
        f.confidence = conf;
        f.logic_step_id = cx.step_ids.get(i).cloned().flatten();
        out.push(f);
    }
    out
}
