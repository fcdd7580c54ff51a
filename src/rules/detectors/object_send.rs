//! Valuable objects sent to a stranger (round 26, SK-EXFIL-011): a script
//! reads something a person values that is not a credential file (photo
//! location and device metadata, contacts, calendars, messages, the
//! clipboard, notes, history, password-manager items, TOTP seeds;
//! `extract/objects.rs`, tagged `ValuableObject`) and the same file sends
//! a request body to a fixed host that no document names, that the
//! description does not declare, that is not on this machine and not the
//! vendor of a key the skill reads (the consent test of SK-EXFIL-009,
//! `local_claim::named`). A host the user configures is unresolved and
//! stays quiet; so does a read with no send (an EXIF stripper that writes
//! files). The pairing is by file (the send's body is not proven to carry
//! the object: "no direct flow was proven" in the message).

use super::super::{RuleCx, RuleDef};
use super::local_claim::first_unnamed_send;
use super::undeclared_send::user_text;
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::finding::Finding;

fn source(e: &Evidence) -> bool {
    e.op == Op::FileRead
        && e.has(Tag::ValuableObject)
        && matches!(e.origin, Origin::Script | Origin::Hook)
        && ![
            Tag::Documentation,
            Tag::TestFixture,
            Tag::Reference,
            Tag::Unreached,
        ]
        .iter()
        .any(|t| e.has(*t))
}

pub(crate) fn valuable_object_send(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let sources: Vec<&Evidence> = cx.evidence.iter().filter(|e| source(e)).collect();
    if sources.is_empty() {
        return Vec::new();
    }
    let readable = user_text(cx);
    let same_file = |sink: &Evidence| {
        !sink.has(Tag::MailForward)
            && sources
                .iter()
                .any(|s| s.location.path == sink.location.path)
    };
    let Some(hit) = first_unnamed_send(cx, readable, def, same_file) else {
        return Vec::new();
    };
    let Some(src) = sources
        .iter()
        .find(|s| s.location.path == hit.sink.location.path)
    else {
        return Vec::new();
    };
    let msg = format!(
        "reads {} ({}:{}) and sends a request body to {} ({}:{}), a host no document names; no direct data flow was proven",
        src.object,
        src.location.path,
        src.location.start_line,
        hit.host,
        hit.sink.location.path,
        hit.sink.location.start_line,
    );
    vec![hit.finding(def, cx, msg)]
}
