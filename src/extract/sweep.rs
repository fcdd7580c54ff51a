//! Destruction beyond what the user named (round 21, class 4), at token
//! level for every language:
//!
//! * [`every_bucket`]: a lifecycle rule that expires objects within days
//!   (`"Expiration": {"Days": 1}`, `NoncurrentDays: 1`) put on every bucket
//!   the account lists (`list_buckets()` then
//!   `put_bucket_lifecycle_configuration` in its loop): every object and
//!   every version of buckets the user never named, deleted by the cloud a
//!   day later. A tiering policy (transitions, expiry after months) or a
//!   short expiry on the one named bucket stays quiet;
//! * [`dated_wipe`]: a walk of a folder (a notes vault, a project) whose
//!   files are emptied or deleted once a fixed date passes (`Date.now() >
//!   Date.parse(cfg.migrateAfter)`, `datetime.now() > datetime(2027, 2,
//!   1)`): a time bomb over everything the walk finds. `walk_wipe` covers
//!   walks of the home folder and the disk at any time; an age test on each
//!   file (`Date.now() - st.mtimeMs > …`, `ModTime()`) is housekeeping and
//!   stays quiet.
//!
//! Both are the evidence `rm -rf ~` gives: a broad, recursive deletion.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Every bucket the account holds, listed.
static LIST_ALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\blist_buckets\(|\bListBuckets(?:Command|WithContext)?\b|\blistBuckets\(|\bs3api\s+list-buckets\b|\blist_buckets\b",
);
/// A lifecycle configuration put on a bucket.
static PUT_LIFECYCLE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bput_?bucket_?lifecycle|\bput-bucket-lifecycle(?:-configuration)?\b",
);
/// An expiry within a week: every object (or every old version) gone.
static SHORT_EXPIRY: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["']?(?:Expiration|NoncurrentVersionExpiration)["']?\s*[:=]\s*\{[^}]{0,80}?["']?(?:Days|NoncurrentDays)["']?\s*[:=]\s*[0-7]\b"#,
);
/// Bytes after the listing read for the put.
const LOOP_SPAN: usize = 600;

/// A short expiry put on every bucket the account lists.
pub fn every_bucket(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let Some(expiry) = SHORT_EXPIRY.find(text) else {
        return;
    };
    // The put, and the function of the file that holds it (`def apply(`):
    // a loop over the listing that calls that function puts it on every
    // bucket as surely as a put written in the loop.
    let holder = PUT_LIFECYCLE
        .find(text)
        .and_then(|p| enclosing_function(&text[..p.start()]).map(|f| (f, p.start())));
    for l in LIST_ALL.find_iter(text) {
        let after = crate::text::slice(text, l.start(), l.start() + LOOP_SPAN);
        let at = if let Some(put) = PUT_LIFECYCLE.find(after) {
            l.start() + put.start()
        } else if let Some((_, put_at)) = holder
            .as_ref()
            .filter(|(name, _)| calls_in_body(text, l.start(), after, name))
        {
            *put_at
        } else {
            continue;
        };
        let (ls, le) = super::burn::line_span(text, at);
        let ev = Evidence::new(
            Op::FileDelete,
            A::Write,
            R::Other,
            "every object of every bucket the account lists",
        )
            .tag(Tag::BroadTarget)
            .tag(Tag::Recursive)
            .instrument("lifecycle rule")
            .object(format!(
                "every object and version of every bucket the account lists expired by a lifecycle rule ({})",
                expiry.as_str().split_whitespace().collect::<Vec<_>>().join(" ")
            ));
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

/// The name of the last function defined in `before` (`def NAME(`,
/// `function NAME(`, `func NAME(`, `sub NAME`, `fn NAME(`): the function a
/// statement at the end of `before` belongs to, at token level.
fn enclosing_function(before: &str) -> Option<String> {
    static DEF: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?m)^\s*(?:async\s+)?(?:def|function|func|sub|fn)\s+([A-Za-z_]\w*)");
    DEF.captures_iter(before).last().map(|c| c[1].to_string())
}

/// `after` (the text from the listing at `list_at` of `text` on) calls
/// `name` (`name(`, not `def name(` or `obj.name(`) on a line indented
/// deeper than the listing's: inside the loop over what it lists, not a
/// call on the user's one bucket after a listing printed for a report.
fn calls_in_body(text: &str, list_at: usize, after: &str, name: &str) -> bool {
    let indent = |line_start: &str| line_start.len() - line_start.trim_start().len();
    let list_line = &text[text[..list_at].rfind('\n').map_or(0, |i| i + 1)..];
    let list_indent = indent(list_line);
    after.match_indices(name).any(|(i, _)| {
        let before = after[..i].chars().next_back();
        let word_start = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
        let head = after[..i].trim_end();
        let defined = ["def", "function", "func", "sub", "fn"]
            .iter()
            .any(|k| head.ends_with(k));
        let line = &after[after[..i].rfind('\n').map_or(0, |j| j + 1)..];
        let in_body = after[..i].contains('\n') && indent(line) > list_indent;
        word_start && !defined && in_body && after[i + name.len()..].trim_start().starts_with('(')
    })
}

/// Now compared with a fixed date (not with a file's age).
static FIXED_DATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bDate\.now\(\)\s*[<>]=?\s*(?:Date\.parse\(|new Date\()|\bnew Date\(\)\s*[<>]=?\s*new Date\(|\b(?:datetime\.now|datetime\.utcnow|date\.today)\(\)\s*[<>]=?\s*(?:datetime|date)\b|\btime\.time\(\)\s*>\s*\d{10}\b|\btime\.Now\(\)\.After\(|\bTime\.now\s*>\s*Time\.|\btime\(\)\s*>\s*strtotime\(",
);
/// A file's own age: housekeeping, not a date gate.
static FILE_AGE: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)mtime|ModTime|birthtime|ctime|st_mtime|getmtime|modified|\bstat\b");
/// Emptying or deleting a visited file.
static WIPES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bwriteFileSync\([^,\n]+,\s*(?:""|''|``)|\bwrite_text\(\s*(?:""|'')|\btruncate(?:Sync)?\(|\bos\.Truncate\(|\bunlink(?:Sync)?\(|\brmSync\(|\bos\.remove\(|\bos\.Remove\(|\bFile\.delete\(|\bFile\.write\([^,\n]+,\s*(?:""|'')"#,
);
/// `text = "";` (then written back).
static EMPTIED: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"\b([A-Za-z_]\w*)\s*=\s*(?:""|''|``)\s*[;,)}\n]"#);
/// A walk over a folder tree.
static WALK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwalk\(|\breaddirSync\(|\breaddir\(|\bos\.walk\(|\brglob\(|\bglob\([^)\n]*\*\*|\bfilepath\.Walk(?:Dir)?\(|\bFind\.find\(|\bDir\.glob\([^)\n]*\*\*|\bWalkDir::new\(",
);
/// Lines between the date gate and the wipe.
const GATE_LINES: usize = 30;

/// Every file a walk finds emptied once a fixed date passes.
pub fn dated_wipe(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !WALK.is_match(text) {
        return;
    }
    let Some(gate) = FIXED_DATE.find_iter(text).find(|m| {
        let (ls, le) = super::burn::line_span(text, m.start());
        !FILE_AGE.is_match(&text[ls..le])
    }) else {
        return;
    };
    let gate_line = text[..gate.start()].matches('\n').count();
    let lines: Vec<&str> = text.lines().collect();
    let from = gate_line.saturating_sub(GATE_LINES);
    let to = (gate_line + GATE_LINES).min(lines.len());
    let near = &lines[from..to];
    let wiped = near.iter().any(|l| WIPES.is_match(l))
        || near.iter().any(|l| {
            EMPTIED.captures(l).is_some_and(|c| {
                let name = c.get(1).map_or("", |m| m.as_str());
                near.iter().any(|w| {
                    (w.contains("writeFileSync(")
                        || w.contains("write_text(")
                        || w.contains(".write("))
                        && w.contains(&format!(", {name})"))
                        || w.contains(&format!("write_text({name})"))
                })
            })
        });
    if !wiped {
        return;
    }
    let (ls, le) = super::burn::line_span(text, gate.start());
    let ev = Evidence::new(
        Op::FileDelete,
        A::Write,
        R::UserData,
        "every file a folder walk finds, once a fixed date passes",
    )
    .tag(Tag::BroadTarget)
    .tag(Tag::Recursive)
    .instrument("file walk")
    .object(format!(
        "every file a folder walk finds emptied once a fixed date passes: a time bomb ({})",
        gate.as_str()
    ));
    sink.push(src.at(ev, ls, le, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(scan: fn(&Src, &mut Sink), path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn a_short_expiry_on_every_bucket_fires_and_a_tiering_loop_does_not() {
        let py = "H = {'ID': 'h', 'Expiration': {'Days': 1}}\nfor b in s3.list_buckets()['Buckets']:\n    if b['Name'] != bucket:\n        s3.put_bucket_lifecycle_configuration(Bucket=b['Name'], LifecycleConfiguration={'Rules': [H]})\n";
        assert_eq!(run(every_bucket, "l.py", py).len(), 1);
        let js = "const H = { Expiration: { Days: 0 } };\nconst { Buckets } = await s3.send(new ListBucketsCommand({}));\nfor (const b of Buckets) await s3.send(new PutBucketLifecycleConfigurationCommand({ Bucket: b.Name, LifecycleConfiguration: { Rules: [H] } }));\n";
        assert_eq!(run(every_bucket, "l.mjs", js).len(), 1);
        // Tiering on every bucket; a short expiry on the named bucket.
        let tier = "P = {'Transitions': [{'Days': 30, 'StorageClass': 'STANDARD_IA'}], 'Expiration': {'Days': 365}}\nfor b in s3.list_buckets()['Buckets']:\n    s3.put_bucket_lifecycle_configuration(Bucket=b['Name'], LifecycleConfiguration={'Rules': [P]})\n";
        assert!(run(every_bucket, "t.py", tier).is_empty());
        let named = format!(
            "P = {{'Expiration': {{'Days': 1}}}}\nprint(s3.list_buckets())\n{}s3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration={{'Rules': [P]}})\n",
            "\n".repeat(LOOP_SPAN)
        );
        assert!(run(every_bucket, "n.py", &named).is_empty());
    }

    #[test]
    fn a_dated_wipe_of_a_walked_vault_fires_and_age_housekeeping_does_not() {
        let js = "function* walk(d) { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) yield* walk(p); else yield p; } }\nconst legacy = Date.now() > Date.parse(cfg.migrateAfter);\nfor (const file of walk(vault)) {\n  let text = fs.readFileSync(file, 'utf8');\n  if (legacy) { text = ''; }\n  fs.writeFileSync(file, text);\n}\n";
        assert_eq!(run(dated_wipe, "r.mjs", js).len(), 1);
        let py = "import os, datetime\nfor root, _, files in os.walk(vault):\n    for f in files:\n        if datetime.datetime.now() > datetime.datetime(2027, 2, 1):\n            open(os.path.join(root, f), 'w').truncate(0)\n";
        assert_eq!(run(dated_wipe, "r.py", py).len(), 1);
        // Files older than 30 days deleted: housekeeping by age.
        let age = "for (const f of fs.readdirSync(dir)) {\n  const st = fs.statSync(f);\n  if (Date.now() > st.mtimeMs + 30 * DAY) fs.unlinkSync(f);\n}\n";
        assert!(run(dated_wipe, "a.mjs", age).is_empty());
        // A fixed date that only changes the output.
        let warn = "for (const f of fs.readdirSync(dir)) {\n  if (Date.now() > Date.parse('2027-01-01')) console.log('old syntax in', f);\n}\n";
        assert!(run(dated_wipe, "w.mjs", warn).is_empty());
    }
}
