//! Round 28: CI compute spent by shape. A CI workflow (GitHub Actions,
//! CircleCI, any YAML with a `cron:` schedule) that fires every few
//! minutes ([`FREQUENT_MINUTES`] or less), fans out into a large matrix
//! (the product of its lists, or a `max-parallel`, CircleCI
//! `parallelism` or GitLab `parallel` count, at least
//! [`BIG_MATRIX`]) or holds each job for hours (`timeout-minutes` of at
//! least [`LONG_MINUTES`]), and runs a program it downloads: the repository
//! owner's runner minutes (or the shared runners of the platform) do work
//! no benchmark needs, around the clock (SK-RES-006, `runaway`).
//!
//! A matrix on push or pull request, a nightly or hourly schedule, a
//! frequent schedule of a small job that runs the project's own code: all
//! quiet. Reads the whole text once (the matrix lists are counted line by
//! line).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A schedule at least this frequent (in minutes) is "every few minutes".
const FREQUENT_MINUTES: u64 = 10;
/// A matrix of at least this many jobs is large.
const BIG_MATRIX: u64 = 64;
/// A job allowed at least this long (minutes) is long.
const LONG_MINUTES: u64 = 120;

static CRON: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?m)\bcron\s*:\s*["']?([^\s"']+)\s+\S+\s+\S+\s+\S+\s+\S+"#);
static MAX_PARALLEL: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?m)^\s*(?:max-parallel|parallelism|parallel)\s*:\s*(\d{1,9})\b");
static TIMEOUT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?m)^\s*timeout(?:-minutes|_in_minutes)?\s*:\s*(\d{1,9})\b");
/// A program downloaded and run: fetched to a file made executable, or
/// piped into a shell.
static FETCHED_RUN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)(?:\bcurl\b|\bwget\b)[^\n]*(?:\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\s(?:-o|-O|--output|--output-document)[= ]?\s*\S+)",
);
/// A job step that posts a file or data to a literal URL.
static UPLOAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)\b(?:curl|wget|http|xh)\b[^\n]*?(?:\s-(?:X\s*(?:POST|PUT)|F|d|T)\b|--data\S*|--form|--upload-file|--post-(?:data|file))[^\n]*?https?://[^\s"'`]+"#,
);

/// The URL at the end of an [`UPLOAD`] match.
fn upload_url(m: &str) -> &str {
    m.rfind("http").map_or(m, |i| &m[i..])
}

static EXEC_MODE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bchmod\s+(?:[+ugoa]*x|[0-7]*[157][0-7]{0,2})\b|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b",
);

/// The minutes between two runs of a cron minute field (`*` 1, `*/5` 5,
/// `0,30` 30, `7` 60).
fn every_minutes(field: &str) -> u64 {
    if field == "*" {
        return 1;
    }
    if let Some(n) = field.strip_prefix("*/").and_then(|n| n.parse::<u64>().ok()) {
        return n.max(1);
    }
    let n = field.split(',').count() as u64;
    if n > 1 { 60 / n } else { 60 }
}

/// The number of jobs a `matrix:` block makes: the product of its lists
/// (flow `[a, b]` or block `- a` items), `include`/`exclude` left out.
fn matrix_size(text: &str) -> u64 {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut best = 0u64;
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if l.trim_start().trim_start_matches("- ").trim_end() != "matrix:" {
            i += 1;
            continue;
        }
        let base = indent(l);
        let mut product = 1u64;
        let mut any = false;
        let mut key: Option<(usize, u64, bool)> = None; // (indent, items, skipped)
        let mut k = i + 1;
        let close = |key: &mut Option<(usize, u64, bool)>, product: &mut u64, any: &mut bool| {
            if let Some((_, n, skip)) = key.take()
                && !skip
                && n > 0
            {
                *product = product.saturating_mul(n);
                *any = true;
            }
        };
        while k < lines.len() {
            let m = lines[k];
            if m.trim().is_empty() || m.trim_start().starts_with('#') {
                k += 1;
                continue;
            }
            let d = indent(m);
            if d <= base {
                break;
            }
            let t = m.trim();
            if let Some(item) = t.strip_prefix("- ").or_else(|| (t == "-").then_some("")) {
                if let Some(key) = key.as_mut()
                    && d >= key.0
                {
                    key.1 += u64::from(!item.is_empty() || t == "-");
                }
            } else if let Some((name, v)) = t.split_once(':') {
                close(&mut key, &mut product, &mut any);
                let v = v.trim();
                let skip = matches!(name.trim(), "include" | "exclude");
                if let Some(list) = v.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                    if !skip && !list.trim().is_empty() {
                        product = product.saturating_mul(list.split(',').count() as u64);
                        any = true;
                    }
                } else if v.is_empty() {
                    key = Some((d, 0, skip));
                }
            }
            k += 1;
        }
        close(&mut key, &mut product, &mut any);
        if any {
            best = best.max(product);
        }
        i = k;
    }
    best
}

/// Adds the CI compute abuse `src` shows; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("cron") {
        return;
    }
    let Some(cron) = CRON
        .captures_iter(text)
        .filter(|c| every_minutes(&c[1]) <= FREQUENT_MINUTES)
        .min_by_key(|c| every_minutes(&c[1]))
    else {
        return;
    };
    // What the jobs do for someone else: run a program they download, or
    // (round 45, r45 bench-matrix-ci) send what they computed to a fixed
    // outside host (`curl -X POST -F r=@bench.json https://dash…/ingest`):
    // the schedule and the fan-out then serve that server.
    let fetched = FETCHED_RUN
        .find(text)
        .filter(|_| EXEC_MODE.is_match(text))
        .map(|m| (m.as_str().trim(), "running a downloaded program"));
    let Some((fetch, doing)) = fetched.or_else(|| {
        UPLOAD
            .find_iter(text)
            .find(|m| {
                super::indicators::url_host(m.as_str())
                    .is_some_and(|_| super::persisted::fixed_outside(upload_url(m.as_str())))
            })
            .map(|m| (m.as_str().trim(), "sending its results to an outside host"))
    }) else {
        return;
    };
    let jobs = matrix_size(text).max(
        MAX_PARALLEL
            .captures_iter(text)
            .filter_map(|c| c[1].parse::<u64>().ok())
            .max()
            .unwrap_or(0),
    );
    let long = TIMEOUT
        .captures_iter(text)
        .filter_map(|c| c[1].parse::<u64>().ok())
        .max()
        .filter(|&m| m >= LONG_MINUTES);
    if jobs < BIG_MATRIX && long.is_none() {
        return;
    }
    let every = every_minutes(&cron[1]);
    let mut size = Vec::new();
    if jobs >= BIG_MATRIX {
        size.push(format!("{jobs} parallel jobs"));
    }
    if let Some(m) = long {
        size.push(format!("up to {m} minutes each"));
    }
    let m = cron.get(0).map_or((0, 0), |m| (m.start(), m.end()));
    let ev = Evidence::new(Op::Loop, A::CallTool, R::Process, fetch)
        .tag(Tag::Runaway)
        .instrument("scheduled CI workflow")
        .object(format!(
            "CI workflow scheduled every {every} minute(s), {}, {doing} (`{fetch}`)",
            size.join(", "),
        ));
    sink.push(src.at(ev, m.0, m.1, "yaml"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_product_and_cron_minutes() {
        let y = "jobs:\n  b:\n    strategy:\n      matrix:\n        os: [a, b, c]\n        shard: [1, 2, 3, 4]\n        node:\n          - 18\n          - 20\n        include:\n          - os: z\n";
        assert_eq!(matrix_size(y), 24);
        assert_eq!(every_minutes("*"), 1);
        assert_eq!(every_minutes("*/5"), 5);
        assert_eq!(every_minutes("0"), 60);
        assert_eq!(every_minutes("0,30"), 30);
    }
}
