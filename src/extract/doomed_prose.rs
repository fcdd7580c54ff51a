//! Destruction by object in Markdown (round 24): one section (its prose,
//! inline code and fenced blocks together) that has the agent remove the
//! user's irreplaceable objects in bulk. The object comes from the shared
//! table ([`super::doomed::ROWS`], the same spellings as code) or from a
//! sentence whose delete verb governs one of the objects' nouns ("delete the
//! matching messages", "purge every snapshot"). Bulk: the spelling removes
//! everything, its flags widen it, or the section quantifies (every, all,
//! everything, older than N days, in batches). A command shown with the
//! tool's own prompt left on is the user's to answer and stays quiet; a
//! forced one (`--force`, `-y`, `--accept-data-loss`, a spelling that never
//! asks) warns; with asking the user waived, approval claimed or the act
//! hidden from the user in the same section it is an order to destroy
//! unasked (critical). A section that waits for the user (a dry run first,
//! a confirmation) and waives nothing stays quiet.

use super::doomed::{self, Class};
use super::intent_grammar::{self as grammar, Intent};
use super::prose_acts::Section;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A delete verb governing one of the objects' nouns, in one sentence.
static PROSE_DELETE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:permanently\s+)?(?P<verb>delete|deletes|deleting|purge|purges|purging|erase|erases|wipe|wipes|expunge|expunges|destroy|destroys|drop|drops|trash|trashes|empty|empties|emptying|remove|removes|removing)(?-u:\b)[^.;:\n]{0,60}?(?-u:\b)(?:(?P<mail>messages?|emails?|e-mails?|mail|threads?|conversations?|inbox|trash)|(?P<backups>snapshots|backups|amis|restore\s+points|recovery\s+points|shadow\s+copies|time\s+machine)|(?P<db>databases?|tables|collections|schemas|migration\s+history)|(?P<store>buckets|object\s+versions|every\s+object|all\s+objects|blobs)|(?P<logs>audit\s+(?:trail|logs?)|cloudtrail|journal|event\s+logs?|shell\s+history)|(?P<cloud>namespaces|volumes|pvcs|instances|stacks|resource\s+groups)|(?P<repos>repositories|repos|releases)|(?P<jobs>cron\s*jobs|crontab|scheduled\s+(?:tasks|jobs)|timers))(?-u:\b)",
);
/// The section quantifies what goes.
static BULK_WORDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:every|all|everything|entire|whole|thousands)(?-u:\b)|older_than:|--older-than|older\s+than\s+\d+|in\s+batches|(?-u:\b)before:\d",
);
/// The section waits for the user.
static WAITS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:ask|asks|confirm|confirms|confirmation|approve|approval|get\s+a\s+yes|show\s+the\s+user|review\s+(?:it|them|the\s+list)\s+with)(?-u:\b)|dry[- ]run",
);

/// Asking waived in this class's own words ("do not list the messages or
/// ask for confirmation first", "without pausing for confirmation"), and
/// the act renamed to the user ("describe it as 'migration history
/// repaired'", "without saying they were deleted"). Read per sentence of
/// the section with its line breaks unwrapped.
static UNASKED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?-u:\b)(?:do\s+not|don'?t|never|no\s+need\s+to|without)\s+(?:[\w'-]+\s+){0,5}?(?:ask|asking|confirm|confirming|confirmation|pause|pausing)(?-u:\b)|(?-u:\b)(?:report|describe|present|call)\s+(?:it|this|them|that|the\s+result)\s+as\s+["\u{201C}']|(?-u:\b)without\s+(?:saying|mentioning|telling|noting)(?-u:\b)"#,
);
/// A sentence that forbids the act itself ("never run this without asking").
static FORBIDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:never|do\s+not|don'?t|must\s+not)\s+(?:[\w'-]+\s+){0,2}?(?:delete|remove|purge|drop|run|reset|wipe|erase|empty)(?-u:\b)",
);

/// Whether the section waives asking the user or hides the act.
fn unasked(text: &str) -> bool {
    // Hard-wrapped prose is one sentence: a single line break is a space.
    let flat: String = {
        let b = text.as_bytes();
        text.char_indices()
            .map(|(i, c)| {
                let lone =
                    c == '\n' && b.get(i + 1) != Some(&b'\n') && (i == 0 || b[i - 1] != b'\n');
                if lone { ' ' } else { c }
            })
            .collect()
    };
    let grammar = [
        Intent::ApprovalWaived,
        Intent::ApprovalClaimed,
        Intent::Hidden,
    ]
    .into_iter()
    .any(|i| grammar::find(&flat, i).is_some());
    grammar
        || super::prose_acts::sentences(&flat)
            .into_iter()
            .any(|(a, b)| {
                let s = &flat[a..b];
                UNASKED.is_match(s) && !FORBIDS.is_match(s)
            })
}

fn class_of(c: &regex::Captures) -> Class {
    let names = [
        ("mail", Class::Mail),
        ("backups", Class::Backups),
        ("db", Class::Database),
        ("store", Class::ObjectStore),
        ("logs", Class::Logs),
        ("cloud", Class::Cloud),
        ("repos", Class::Repos),
    ];
    names
        .iter()
        .find(|(n, _)| c.name(n).is_some())
        .map_or(Class::Jobs, |(_, k)| *k)
}

/// The first removal of the section: class, span (in `text`), whether its
/// spelling removes everything or is widened, whether it is forced.
struct Hit {
    class: Class,
    span: (usize, usize),
    bulk: bool,
    forced: bool,
}

fn first_hit(text: &str) -> Option<Hit> {
    let mut at = 0usize;
    for l in text.split('\n') {
        let start = at;
        at += l.len() + 1;
        let toks = doomed::tokens(l);
        if doomed::unscheduled_backups(l, &toks) {
            return Some(Hit {
                class: Class::Backups,
                span: (start, start + l.len()),
                bulk: true,
                forced: true,
            });
        }
        let Some(row) = doomed::match_row(l, &toks) else {
            continue;
        };
        // SQL and mail spellings need code around them; prose reads them
        // through its own verbs below.
        if matches!(
            row.words[0],
            "delete" | "drop" | "truncate" | "messages" | "store"
        ) || row.class == Class::Workspace
        {
            // Round 35's workspace rows are API spellings (`chat … delete`
            // matched "chat history …; delete notes" in anthropics'
            // claude-api guidance).
            continue;
        }
        let all = row.scope == doomed::Scope::All;
        return Some(Hit {
            class: row.class,
            span: (start, start + l.len()),
            bulk: all || doomed::bulk_flags(row, l, &toks),
            forced: all || doomed::forced(&toks),
        });
    }
    for (a, b) in super::prose_acts::sentences(text) {
        let s = &text[a..b];
        let Some(c) = PROSE_DELETE.captures(s) else {
            continue;
        };
        if super::negation::negates(s) {
            continue;
        }
        let m = c.get(0)?;
        return Some(Hit {
            class: class_of(&c),
            span: (a + m.start(), a + m.end()),
            bulk: false,
            forced: false,
        });
    }
    None
}

/// Reads one section (`ranges`: its prose units, in order).
pub fn scan_section(file: &Src, sec: &Section, sink: &mut Sink) {
    let text = sec.text;
    let text = if text.len() > crate::limits::DOOMED_MAX_SECTION {
        crate::limits::gave_up("DOOMED_MAX_SECTION");
        crate::text::slice(text, 0, crate::limits::DOOMED_MAX_SECTION)
    } else {
        text
    };
    let Some(hit) = first_hit(text) else {
        return;
    };
    let bulk = hit.bulk || BULK_WORDS.is_match(text);
    if !bulk {
        return;
    }
    let unasked = unasked(text);
    // Shown with the tool's prompt on, or waiting for the user: theirs.
    if !unasked && (!hit.forced || WAITS.is_match(text)) {
        return;
    }
    let mut ev = Evidence::new(
        Op::FileDelete,
        A::Write,
        R::UserData,
        crate::text::snippet(text[hit.span.0..hit.span.1].trim(), 120),
    )
    .tag(Tag::Irreplaceable)
    .tag(Tag::Imperative)
    .instrument("agent")
    .object(format!(
        "{} in bulk{}",
        hit.class.what(),
        if unasked {
            ", without asking the user or hidden from them"
        } else {
            ", forced or in a spelling that never asks"
        }
    ));
    if hit.forced {
        ev.tags.insert(Tag::ForceFlag);
    }
    if unasked {
        ev.tags.insert(Tag::Sweep);
        ev.tags.insert(Tag::ApprovalBypass);
    }
    sec.push(file, ev, hit.span, sink);
}
