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
/// A short expiry put on every bucket the account lists: the put is in
/// the reach ([`super::region`]) of a loop over the listing (the statement
/// that lists and the block it opens, or a later loop over the name the
/// listing is assigned to), written there or in a local function the loop
/// calls, at any distance. A listing printed for a report and a put on
/// the user's one bucket stay quiet however near they are.
pub fn every_bucket(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let Some(expiry) = SHORT_EXPIRY.find(text) else {
        return;
    };
    if !PUT_LIFECYCLE.is_match(text) {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    for (k, l) in LIST_ALL.find_iter(text).enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return;
        }
        let Some(at) = regions
            .loops_over(text, l.start())
            .into_iter()
            .find_map(|unit| regions.reach(text, unit).find(text, &PUT_LIFECYCLE))
            .map(|m| m.start())
        else {
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

/// Now compared with a fixed date (not with a file's age).
static FIXED_DATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bDate\.now\(\)\s*[<>]=?\s*(?:Date\.parse\(|new Date\()|\bnew Date\(\)\s*[<>]=?\s*new Date\(|\b(?:datetime\.now|datetime\.utcnow|date\.today)\(\)\s*[<>]=?\s*(?:datetime|date)\b|\btime\.time\(\)\s*>\s*\d{10}\b|\btime\.Now\(\)\.After\(|\bTime\.now\s*>\s*Time\.|\btime\(\)\s*>\s*strtotime\(",
);
/// Round 27: now compared with a name (`date.today() < _EPOCH`,
/// `Date.now() > cutoff`, `time.Now().After(deadline)`, `(Get-Date) -gt
/// $When`); a gate when the file assigns that name a fixed date
/// ([`dated_name`]).
static NOW_VS_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\b(?:datetime\.now|datetime\.utcnow|date\.today)\(\)|\bDate\.now\(\)|\bnew Date\(\)|\bTime\.now|\btime\(\))\s*(?:[<>]=?|-[gl][te])\s*\$?([A-Za-z_]\w*)|\btime\.Now\(\)\.(?:After|Before)\(\s*([A-Za-z_]\w*)\s*\)|\(Get-Date\)\s*-[gl][te]\s*\$([A-Za-z_]\w*)",
);

/// A name the file assigns a fixed date: a date constructor with a year
/// (`date(2027, 3, 1)`, `new Date("2027-03-01")`, `time.Date(2027, …)`,
/// `Date.parse(…)`, `strtotime(…)`, `[datetime]'2027-03-01'`), an ISO date
/// string or an epoch of ten digits.
static DATED_ASSIGN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)(?:^|[^\w.])\$?([A-Za-z_]\w*)\s*(?::=|=)\s*(?:(?:datetime\.)?(?:date|datetime)\(\s*\d{4}|new Date\(|Date\.(?:parse|UTC)\(|time\.Date\(\s*\d{4}|Time\.(?:new|utc|local|parse|mktime)\(|strtotime\(|mktime\(|\[datetime\]|Get-Date\s+['"]?\d{4}|["']\d{4}-\d{2}-\d{2}|\d{10}\b)"#,
);

/// Every name the file assigns a fixed date ([`DATED_ASSIGN`]), in one
/// pass over the text. Round 31: this was one regex compiled and run over
/// the whole file per comparison found, quadratic on large files (a 12 MB
/// script took 100 s).
fn dated_names(text: &str) -> std::collections::HashSet<&str> {
    DATED_ASSIGN
        .captures_iter(text)
        .filter_map(|c| c.get(1).map(|m| m.as_str()))
        .filter(|n| n.len() >= 2 && !matches!(*n, "None" | "null" | "undefined"))
        .collect()
}

/// A file's own age: housekeeping, not a date gate.
static FILE_AGE: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)mtime|ModTime|birthtime|ctime|st_mtime|getmtime|modified|\bstat\b");
/// Emptying or deleting a visited file; round 27: overwriting it in
/// place with random or zero bytes (`f.write(os.urandom(n))`,
/// `fs.writeSync(fd, crypto.randomBytes(n))`, `dd if=/dev/urandom of=`,
/// `shred`).
static WIPES: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\.write(?:Sync|At)?\([^\n]*?\b(?:os\.urandom|random\.randbytes|secrets\.token_bytes|randomBytes|randomFillSync|getrandom|SecureRandom)\b|\bwriteFileSync\([^,\n]+,\s*(?:crypto\.)?randomBytes\(|\bif=/dev/(?:u?random|zero)\b|\brand\.Read\(|\bshred\b|\bwrite\(\s*b?["']\\x00["']\s*\*|\bwriteFileSync\([^,\n]+,\s*(?:""|''|``)|\bwrite_text\(\s*(?:""|'')|\btruncate(?:Sync)?\(|\bos\.Truncate\(|\bunlink(?:Sync)?\(|\brmSync\(|\bos\.remove\(|\bos\.Remove\(|\bFile\.delete\(|\bFile\.write\([^,\n]+,\s*(?:""|'')"#,
);
/// `text = "";` (then written back).
static EMPTIED: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"\b([A-Za-z_]\w*)\s*=\s*(?:""|''|``)\s*[;,)}\n]"#);
/// A walk over a folder tree.
static WALK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwalk\(|\breaddirSync\(|\breaddir\(|\bos\.walk\(|\brglob\(|\bglob\([^)\n]*\*\*|\bfilepath\.Walk(?:Dir)?\(|\bFind\.find\(|\bDir\.glob\([^)\n]*\*\*|\bWalkDir::new\(",
);
/// Every file a walk finds emptied once a fixed date passes: the wipe is
/// in the reach of a loop over the walk ([`super::region`]), and the date
/// gate is there too or assigns a name read there (`const legacy =
/// Date.now() > …` before the loop, `if (legacy)` inside). A date that
/// only changes the output, or a wipe outside the walk, stays quiet.
pub fn dated_wipe(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !WALK.is_match(text) || !(WIPES.is_match(text) || EMPTIED.is_match(text)) {
        return;
    }
    let dated = dated_names(text);
    let gates: Vec<regex::Match> = crate::limits::take_counted(
        FIXED_DATE
            .find_iter(text)
            .chain(
                NOW_VS_NAME
                    .captures_iter(text)
                    .filter(|c| {
                        (1..=3)
                            .filter_map(|k| c.get(k))
                            .any(|n| dated.contains(n.as_str()))
                    })
                    .filter_map(|c| c.get(0)),
            )
            .filter(|m| {
                let (ls, le) = super::burn::line_span(text, m.start());
                !FILE_AGE.is_match(&text[ls..le])
            }),
        crate::limits::REGION_MAX_SITES,
        "REGION_MAX_SITES",
    )
    .collect();
    if gates.is_empty() {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    for (k, w) in WALK.find_iter(text).enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return;
        }
        for unit in regions.loops_over(text, w.start()) {
            let reach = regions.reach(text, unit);
            // The gate in the walk's reach, in the function that holds the
            // walk before it (`if date.today() < EPOCH: return`), or a
            // name it assigns read in the reach.
            let func = regions
                .function_at(w.start())
                .map(|f| (f.block.head, w.start()));
            let Some(gate) = gates.iter().find(|g| {
                reach.holds(g.start())
                    || func.is_some_and(|(a, b)| (a..b).contains(&g.start()))
                    || {
                        let (ls, le) = super::burn::line_span(text, g.start());
                        super::region::assigned_names(&text[ls..le])
                            .iter()
                            .any(|n| reach.names(text, n))
                    }
            }) else {
                continue;
            };
            if !wipes_in(text, &reach) {
                continue;
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
            return;
        }
    }
}

/// A visited file emptied or deleted within `reach`: a wipe call, or a
/// name set to the empty string and written back.
fn wipes_in(text: &str, reach: &super::region::Reach) -> bool {
    if reach.find(text, &WIPES).is_some() {
        return true;
    }
    reach.matches(text, &EMPTIED).iter().any(|m| {
        let Some(name) = EMPTIED.captures(m.as_str()).and_then(|c| c.get(1)) else {
            return false;
        };
        let name = name.as_str();
        reach.spans.iter().any(|&(s, e)| {
            let body = &text[s..e];
            body.lines().any(|w| {
                (w.contains("writeFileSync(") || w.contains("write_text(") || w.contains(".write("))
                    && w.contains(&format!(", {name})"))
                    || w.contains(&format!("write_text({name})"))
            })
        })
    })
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
        let named = "P = {'Expiration': {'Days': 1}}\nprint(s3.list_buckets())\ns3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration={'Rules': [P]})\n";
        assert!(run(every_bucket, "n.py", named).is_empty());
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
