//! Fan-out as a computed value: how many requests one piece of code starts,
//! as concurrency × iterations, read from one table of spellings shared by
//! every language (`FORMS`): `xargs -P N`, `parallel -j N`, `Pool(N)`,
//! `ThreadPoolExecutor(max_workers=N)`, `Promise.all(Array(N)…)`,
//! `Semaphore(N)`, `-ThrottleLimit N` set the concurrency; `seq N`, `seq A
//! B`, `{A..B}`, `range(N)`, `range(A, B)`, `A..B |`, `i < N;`, `N.times`
//! set the iterations. A concurrency and an iteration count within
//! [`WINDOW`] bytes of each other multiply (`xargs -P 256 … for i in $(seq 1
//! 500)` is 128,000 requests); `go` or `Start-Job` or `&` in a loop make the
//! loop's iterations concurrent (the caller's spawn check).

use std::sync::LazyLock;

/// What a spelling counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    /// Workers run at once.
    Concurrency,
    /// Times a body runs.
    Iterations,
}

/// How the captured numbers make a count.
#[derive(Debug, Clone, Copy)]
enum Count {
    /// One number: the count.
    N,
    /// `A B` or `A..B`, both ends included (`seq 1 500`, `{1..500}`).
    Inclusive,
    /// `range(A, B)`: the end excluded.
    HalfOpen,
}

/// The spelling table: (pattern, axis, count). Patterns capture one or two
/// numbers.
const FORMS: &[(&str, Axis, Count)] = &[
    (
        r"\bxargs\b[^\n|;]*?(?:-P\s*|--max-procs[= ]\s*)(\d{1,6})",
        Axis::Concurrency,
        Count::N,
    ),
    (
        r"\bparallel\b[^\n|;]*?(?:-j\s*|--jobs[= ]\s*)(\d{1,6})",
        Axis::Concurrency,
        Count::N,
    ),
    (
        r"\b(?:Pool|ThreadPool|ProcessPool|ThreadPoolExecutor|ProcessPoolExecutor)\(\s*(?:(?:processes|max_workers)\s*=\s*)?(\d{1,6})\s*[,)]",
        Axis::Concurrency,
        Count::N,
    ),
    (
        r"\bPromise\.all(?:Settled)?\(\s*(?:new\s+)?Array(?:\.from)?\(\s*(?:\{\s*length\s*:\s*)?(\d{1,6})",
        Axis::Concurrency,
        Count::N,
    ),
    (
        r"\bSemaphore\(\s*(\d{1,6})\s*\)",
        Axis::Concurrency,
        Count::N,
    ),
    (
        r"(?i)-ThrottleLimit\s+(\d{1,6})",
        Axis::Concurrency,
        Count::N,
    ),
    (
        r"\bseq\s+(\d{1,7})\s+(\d{1,7})\b",
        Axis::Iterations,
        Count::Inclusive,
    ),
    (
        r"\bseq\s+(\d{1,7})\s*(?:[;)`\n]|$)",
        Axis::Iterations,
        Count::N,
    ),
    (
        r"\{(\d{1,7})\.\.(\d{1,7})\}",
        Axis::Iterations,
        Count::Inclusive,
    ),
    (r"\brange\(\s*(\d{1,7})\s*\)", Axis::Iterations, Count::N),
    (
        r"\brange\(\s*(\d{1,7})\s*,\s*(\d{1,7})\s*\)",
        Axis::Iterations,
        Count::HalfOpen,
    ),
    (
        r"\b(\d{1,7})\.\.(\d{1,7})\s*\|",
        Axis::Iterations,
        Count::Inclusive,
    ),
    (
        r"\b[a-z]\w*\s*<\s*\(?[^;\n]{0,30}?\b(\d{1,7})\)?\s*;",
        Axis::Iterations,
        Count::N,
    ),
    (r"\b(\d{1,7})\.times\b", Axis::Iterations, Count::N),
    // Round 21: a pool sized per core (`runtime.NumCPU() * 256`): at
    // least the multiplier.
    (
        r"(?:\bNumCPU\(\)|\bcpu_count\(\)|os\.cpus\(\)\.length|availableParallelism\(\)|\bProcessorCount\b|\$\(nproc\))\s*\*\s*(\d{1,6})\b",
        Axis::Concurrency,
        Count::N,
    ),
];

/// Bytes within which a concurrency and an iteration count multiply.
pub const WINDOW: usize = 400;

/// Each form gated by its own literals (`seq`, `range(`, `xargs`): most
/// texts hold none, and compiling all fifteen cost every skill its time.
static COMPILED: LazyLock<Vec<(crate::rx::Lazy, Axis, Count)>> = LazyLock::new(|| {
    FORMS
        .iter()
        .map(|(p, a, c)| (crate::rx::Lazy::new(p), *a, *c))
        .collect()
});

/// One fan-out: where it starts, its total count, and the factors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FanOut {
    pub at: usize,
    pub end: usize,
    pub total: u64,
    pub concurrency: Option<u64>,
    pub iterations: Option<u64>,
}

impl FanOut {
    /// "256 concurrent × 500 each", "500 iterations", "256 concurrent".
    pub fn describe(&self) -> String {
        match (self.concurrency, self.iterations) {
            (Some(c), Some(i)) => format!("{c} concurrent × {i} each"),
            (Some(c), None) => format!("{c} concurrent"),
            (None, Some(i)) => format!("{i} iterations"),
            (None, None) => String::new(),
        }
    }
}

/// Every count the table finds: (start, end, axis, value).
fn counts(text: &str) -> Vec<(usize, usize, Axis, u64)> {
    let mut out = Vec::new();
    for (re, axis, count) in COMPILED.iter() {
        for c in re.captures_iter(text) {
            let num = |g: usize| c.get(g).and_then(|m| m.as_str().parse::<u64>().ok());
            let v = match count {
                Count::N => num(1),
                Count::Inclusive => num(1)
                    .zip(num(2))
                    .map(|(a, b)| b.saturating_sub(a).saturating_add(1)),
                Count::HalfOpen => num(1).zip(num(2)).map(|(a, b)| b.saturating_sub(a)),
            };
            if let (Some(v), Some(m)) = (v, c.get(0)) {
                out.push((m.start(), m.end(), *axis, v));
            }
        }
    }
    out.sort_by_key(|x| (x.0, x.1));
    out
}

/// The fan-outs of `text`, in order: each count, multiplied by the
/// largest count of the other axis within [`WINDOW`] bytes.
pub fn fan_outs(text: &str) -> Vec<FanOut> {
    let all = counts(text);
    all.iter()
        .map(|&(at, end, axis, v)| {
            let other = all
                .iter()
                .filter(|o| o.2 != axis && o.0.abs_diff(at) <= WINDOW)
                .map(|o| o.3)
                .max();
            let (c, i) = match axis {
                Axis::Concurrency => (Some(v), other),
                Axis::Iterations => (other, Some(v)),
            };
            FanOut {
                at,
                end,
                total: v.saturating_mul(other.unwrap_or(1)),
                concurrency: c,
                iterations: i,
            }
        })
        .collect()
}

/// The body of a loop whose head ends at `end`: to the matching brace
/// (`for {`, `while (true) {`), or the lines indented deeper (`while
/// True:`), read to at most [`crate::limits::FANOUT_BODY_MAX`] bytes; a body
/// that runs past it is cut and the file marked incomplete (`gave_up`).
pub(crate) fn loop_body(text: &str, start: usize, end: usize) -> &str {
    let cap = end + crate::limits::FANOUT_BODY_MAX;
    let stop = crate::text::clamp_boundary(text, cap.min(text.len()));
    let (body, open) = body_until(text, start, end, stop);
    if cap < text.len() && open {
        crate::limits::gave_up("FANOUT_BODY_MAX");
    }
    body
}

/// The body of a loop whose head is `start..end`, read no further than
/// `stop`: to the matching brace, or the lines indented deeper after a `:`
/// head. Also whether it ran to `stop` without closing.
pub(crate) fn body_until(text: &str, start: usize, end: usize, stop: usize) -> (&str, bool) {
    let head = &text[start..end];
    let rest = &text[end..stop];
    if head.ends_with(':') {
        let indent = |l: &str| l.len() - l.trim_start().len();
        let ls = text[..start].rfind('\n').map_or(0, |n| n + 1);
        let own = indent(&text[ls..start.max(ls)]);
        let mut len = 0;
        for (i, l) in rest.split_inclusive('\n').enumerate() {
            if i > 0 && !l.trim().is_empty() && indent(l) <= own {
                break;
            }
            len += l.len();
        }
        return (&rest[..len], len == rest.len());
    }
    let mut depth = 1i32;
    let rest = match rest.find('{') {
        Some(i) if !head.contains('{') => &rest[i + 1..],
        _ => rest,
    };
    for (i, c) in rest.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return (&rest[..i], false);
                }
            }
            _ => {}
        }
    }
    (rest, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count of each row of the table, spelled in its own language.
    const ROWS: &[(&str, Axis, u64)] = &[
        ("cat list | xargs -P 64 -I{} curl {}", Axis::Concurrency, 64),
        ("xargs --max-procs=64 -n1 wget -q", Axis::Concurrency, 64),
        ("parallel -j 64 curl ::: $(cat l)", Axis::Concurrency, 64),
        ("with Pool(64) as p:", Axis::Concurrency, 64),
        ("ThreadPoolExecutor(max_workers=64)", Axis::Concurrency, 64),
        (
            "await Promise.all(Array(64).fill(0).map(hit))",
            Axis::Concurrency,
            64,
        ),
        (
            "Promise.all(Array.from({ length: 64 }, w))",
            Axis::Concurrency,
            64,
        ),
        ("sem = asyncio.Semaphore(64)", Axis::Concurrency, 64),
        (
            "$l | ForEach-Object -Parallel { iwr $_ } -ThrottleLimit 64",
            Axis::Concurrency,
            64,
        ),
        ("for i in $(seq 1 500); do", Axis::Iterations, 500),
        ("for i in $(seq 500); do", Axis::Iterations, 500),
        ("for i in {1..500}; do", Axis::Iterations, 500),
        ("for _ in range(500):", Axis::Iterations, 500),
        ("for n in range(100, 600):", Axis::Iterations, 500),
        ("1..500 | ForEach-Object {", Axis::Iterations, 500),
        ("for (let i = 0; i < 500; i++) {", Axis::Iterations, 500),
        (
            "for (let i = 0; i < (t.conc || 500); i++) {",
            Axis::Iterations,
            500,
        ),
        ("500.times do", Axis::Iterations, 500),
        ("c.Workers = runtime.NumCPU() * 256", Axis::Concurrency, 256),
    ];

    #[test]
    fn every_row_counts_in_its_own_spelling() {
        for (s, axis, n) in ROWS {
            let c = counts(s);
            assert!(c.iter().any(|x| x.2 == *axis && x.3 == *n), "{s}: {c:?}");
        }
    }

    #[test]
    fn concurrency_times_iterations_multiplies_across_rows() {
        // Every concurrency row with every iteration row nearby.
        for (c, ca, cn) in ROWS.iter().filter(|r| r.1 == Axis::Concurrency) {
            for (i, _, inn) in ROWS.iter().filter(|r| r.1 == Axis::Iterations) {
                let _ = ca;
                let text = format!("{c}\n  {i}\n    curl -s \"$u\"\n");
                let best = fan_outs(&text).iter().map(|f| f.total).max().unwrap();
                assert_eq!(best, cn * inn, "{text}");
            }
        }
        // Far apart, they do not multiply.
        let text = format!(
            "xargs -P 8 wget\n{}\nfor i in {{1..10}}; do :; done\n",
            "#".repeat(WINDOW + 10)
        );
        assert!(fan_outs(&text).iter().all(|f| f.total <= 10));
    }

    #[test]
    fn a_small_pool_over_a_list_is_small() {
        let text = "xargs -P 4 -n 1 curl -sO < urls.txt\n";
        let f = fan_outs(text);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].total, 4);
        assert_eq!(f[0].describe(), "4 concurrent");
    }
}
