//! Gates, written once (issue 14): the shapes of a condition that makes
//! code run only at a date, only outside a sandbox or CI, or only once.
//! Every front-end classifies its conditions here; each adds only how its
//! language reads the clock (`reads_now`) and what it knows of its
//! variables (`times`).

use super::indicators::{TimeVal, is_date_gate};
use crate::evidence::Tag;
use std::collections::HashMap;

/// Environment, CI, host and sandbox probes, lowercase, matched in the
/// lowercased condition.
pub const ENV_PROBES: &[&str] = &[
    // CI
    "github_actions",
    "continuous_integration",
    "gitlab_ci",
    "jenkins_url",
    // containers, virtual machines, debuggers
    ".dockerenv",
    "systemd-detect-virt",
    "virt-what",
    "virtual",
    "vmware",
    // not bare "sandbox" (`~/.app/sandboxes` is a folder name)
    "is_sandbox",
    "in_sandbox",
    "sandboxed",
    "debugger",
    "gettrace",
    // the shape of the host; not bare "hostname" (a dictionary key or a
    // field of the skill's own data)
    "gethostname",
    "hostname()",
    "$(hostname",
    "`hostname",
    "$hostname",
    "computername",
    "machinename",
    "cpu_count",
    "cpus()",
    "nproc",
    "numberofcores",
    "totalmem",
    "userinfo()",
    "uptime",
    "platform.node",
];

/// `uname` when it names the host (`uname -n`, `uname -a`,
/// `os.uname().nodename`, `os.uname()[1]`): the host's shape. The plain
/// `uname`, `uname -s` or `uname -m` names the operating system or the
/// CPU, the ordinary platform branch of an installer or a sizing script
/// (round 35: `[ "$(uname)" = Darwin ]` before `sysctl -n hw.memsize`).
static HOST_UNAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\buname\s+-[a-z]*[na]\b|\buname\s+--(?:nodename|all)\b|\buname\s*\(\s*\)\s*(?:\.\s*(?:nodename|node)\b|\[\s*1\s*\])",
);

/// The CI variable in every language's spelling: `$CI`, `${CI}`,
/// `process.env.CI`, `os.environ["CI"]`, `getenv('CI')`, `$env:CI`.
static CI_VAR: crate::rx::Lazy = crate::rx::Lazy::new(r#"(?i)(\$\{?|env[.:])ci\b|["']ci["']"#);

/// Existence tests of a file: `[ -f x ]`, `os.path.exists(x)`,
/// `fs.existsSync(x)`, `Test-Path x`.
pub const EXISTS_TESTS: &[&str] = &[
    "-f ",
    "-e ",
    "exists(",
    "isfile(",
    "existssync",
    "test-path",
];

/// Names of first-run marker files.
pub const FIRST_RUN_MARKERS: &[&str] = &[
    "marker",
    "first",
    "stamp",
    "_done",
    ".done",
    ".lock",
    "installed",
];

/// Whether a condition probes where it runs (CI, container, VM, sandbox,
/// debugger, host shape).
pub fn env_probe(cond: &str) -> bool {
    let l = cond.to_lowercase();
    ENV_PROBES.iter().any(|p| l.contains(p)) || CI_VAR.is_match(cond) || HOST_UNAME.is_match(cond)
}

/// Whether a condition tests for a first-run marker: a file existence
/// test of a marker-named file, or the negated test of a hidden file.
pub fn first_run(cond: &str) -> bool {
    let l = cond.to_lowercase();
    if !EXISTS_TESTS.iter().any(|t| l.contains(t)) {
        return false;
    }
    let t = l.trim_start_matches(['(', '[', ' ']);
    let negated = t.starts_with('!')
        || t.starts_with("not ")
        || t.starts_with("-not")
        || l.contains("! -f")
        || l.contains("! -e");
    FIRST_RUN_MARKERS.iter().any(|m| l.contains(m))
        || negated && l.contains("/.") && !tests_key_file(&l)
}

/// A run counter compared with a number (`st["runs"] < 5`, `$runs -ge 5`,
/// `state.launches >= 5`, `[ "$count" -gt 4 ]` on a `run_count`): the
/// skill counts its own runs and acts only after the Nth, so the behaviour
/// a reviewer sees on the first runs is not the behaviour that comes.
static RUN_COUNTER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:n_?runs|runs|run_?count|runcount|times_?run|run_?number|launch(?:es|_?count)|invocations?(?:_?count)?|executions|use_?count|usage_?count|uses)\b["'\]})]*\s*(?:[<>]=?|==|!=|-(?:lt|le|gt|ge|eq|ne)\b)\s*\d+|\b\d+\s*[<>]=?\s*[\w.$]*\b(?:n_?runs|runs|run_?count|launches|invocations|uses)\b"#,
);

/// Whether a condition compares the skill's own run counter with a number.
pub fn run_counter(cond: &str) -> bool {
    RUN_COUNTER.is_match(cond)
}

/// How many kinds of sandbox or analysis-environment probe a function body
/// combines, in every language's spelling: a container marker file, CI
/// variables, the CPU count or memory size, the host name, the host's age
/// (uptime, boot time: a fresh VM is an analysis box), sandbox or VM
/// product names, a debugger. One alone is ordinary (CI output
/// formatting); two or more in one predicate are how code hides from
/// review sandboxes. Shared by the Python and JavaScript walkers (a
/// condition calling such a function is an environment gate).
pub fn evasion_checks(body: &str) -> usize {
    if body.len() > 20_000 {
        // A predicate is short; a long body is a whole program whose
        // mentions are unrelated.
        return 0;
    }
    let l = body.to_lowercase();
    let any = |ws: &[&str]| ws.iter().any(|w| l.contains(w));
    let ci = CI_VAR.is_match(body)
        || any(&[
            "github_actions",
            "gitlab_ci",
            "jenkins_url",
            "buildkite",
            "circleci",
            "travis",
            "tf_build",
        ]);
    [
        any(&[
            ".dockerenv",
            ".containerenv",
            "/proc/1/cgroup",
            "kubepods",
            "kubernetes_service_host",
        ]),
        ci,
        any(&[
            "cpu_count(",
            "virtual_memory(",
            "sc_phys_pages",
            "cpus()",
            "totalmem()",
            "numcpu()",
            "numberofcores",
        ]),
        any(&[
            "gethostname(",
            "platform.node(",
            "uname(",
            "hostname()",
            "os.hostname",
            "$env:computername",
            "machinename",
        ]),
        any(&[
            "uptime",
            "boot_time(",
            "lastbootuptime",
            "tickcount",
            "btime",
        ]),
        any(&[
            "\"sandbox",
            "'sandbox",
            "/sandbox",
            "sandbox|",
            "|sandbox",
            "cuckoo",
            "vmware",
            "virtualbox",
            "vbox",
            "qemu",
            "\"analysis",
            "'analysis",
            "malware",
        ]),
        any(&["gettrace(", "isdebuggerpresent", "--inspect", "execargv"]),
    ]
    .into_iter()
    .filter(|b| *b)
    .count()
}

/// A test for a key or certificate file (`[ ! -f ~/.app/private.pem ]`):
/// the check before generating a missing key pair, not a first-run marker.
fn tests_key_file(cond: &str) -> bool {
    let c = cond.trim_end_matches([']', ')', ' ', '"', '\'', ';']);
    [".pem", ".key", ".crt", ".pub", "/id_rsa", "/id_ed25519"]
        .iter()
        .any(|x| c.ends_with(x))
}

/// A day of the month compared with a constant (`date.today().day == 13`,
/// `new Date().getDate() === 13`, `[ "$(date +%d)" = 13 ]`,
/// `(Get-Date).Day -eq 13`): the calendar shape of a logic bomb. The first
/// of the month is where monthly jobs start (a report, a rotation), so it
/// is not one.
static DAY_OF_MONTH: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:\.day\b|\bgetu?t?c?date\s*\(\s*\)|\btm_mday\b|\bdayofmonth\b|\+%[de]\b)[\s"')\]]*(?:==?=?|-eq)\s*["']?0?([1-9]|[12]\d|3[01])\b"#,
);

/// Whether `cond` reads the clock and compares the day of the month with a
/// constant other than the first.
pub fn day_gate(cond: &str, reads_now: fn(&str) -> bool) -> bool {
    cond.len() <= 4000
        && (reads_now(cond) || cond.contains("%d") || cond.contains("%e"))
        && DAY_OF_MONTH
            .captures_iter(cond)
            .any(|c| c.get(1).is_some_and(|d| d.as_str() != "1"))
}

/// The gate a condition sets, if any: a date check first, then an
/// environment probe, then a first-run marker.
pub fn gate_of(
    cond: &str,
    reads_now: fn(&str) -> bool,
    times: &HashMap<String, TimeVal>,
) -> Option<Tag> {
    if cond.len() > 4000 {
        return None;
    }
    if is_date_gate(cond, reads_now, times) || day_gate(cond, reads_now) {
        Some(Tag::DateGate)
    } else if env_probe(cond) {
        Some(Tag::EnvGate)
    } else if first_run(cond) || run_counter(cond) {
        Some(Tag::FirstRun)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never(_: &str) -> bool {
        false
    }

    #[test]
    fn one_table_for_every_spelling() {
        let none = HashMap::new();
        for c in [
            "[ -n \"$CI\" ]",
            "process.env.CI",
            "os.environ.get(\"CI\")",
            "$env:CI -eq 'true'",
            "$env:COMPUTERNAME -eq 'SANDBOX-1'",
            "os.cpus().length < 2",
            "[ \"$(uname -n)\" = build-01 ]",
            "os.uname().nodename == 'sandbox'",
            "uname -a | grep -q vbox",
        ] {
            assert_eq!(gate_of(c, never, &none), Some(Tag::EnvGate), "{c}");
        }
        for c in [
            "[ ! -f ~/.cache/.x_done ]",
            "not os.path.exists(MARKER)",
            "!fs.existsSync(path.join(home, '.first'))",
            "-not (Test-Path \"$env:TEMP\\.installed\")",
        ] {
            assert_eq!(gate_of(c, never, &none), Some(Tag::FirstRun), "{c}");
        }
        for c in [
            "$city -eq 'Paris'",
            "[ -f config.json ]",
            "x.length > 2",
            "[ ! -f ~/.moltcities/private.pem ]",
            "[ ! -f \"$HOME/.ssh/id_ed25519\" ]",
            "[ \"$(uname)\" = Darwin ]",
            "[ \"$(uname -s)\" = Linux ]",
            "[[ $(uname -m) == arm64 ]]",
            "os.uname().sysname == 'Darwin'",
        ] {
            assert_eq!(gate_of(c, never, &none), None, "{c}");
        }
    }

    #[test]
    fn run_counters_in_every_spelling() {
        let none = HashMap::new();
        for c in [
            "st[\"runs\"] < 5",
            "[ \"$runs\" -ge 5 ]",
            "state.launches >= 5",
            "$state.runs -ge 5",
            "5 <= $count.runs",
        ] {
            assert_eq!(gate_of(c, never, &none), Some(Tag::FirstRun), "{c}");
        }
        // Retry limits, sizes and counts of items are not run counters.
        for c in ["retries >= 3", "len(files) > 100", "count > 3", "i < 5"] {
            assert_eq!(gate_of(c, never, &none), None, "{c}");
        }
    }

    #[test]
    fn day_of_month_gates() {
        let none = HashMap::new();
        use crate::extract::indicators::{reads_now_js, reads_now_py, reads_now_sh};
        let py = "datetime.date.today().day == 13 or os.environ.get('X') == 'strict'";
        assert_eq!(gate_of(py, reads_now_py, &none), Some(Tag::DateGate));
        assert!(day_gate("new Date().getDate() === 13", reads_now_js));
        assert!(day_gate("[ \"$(date +%d)\" = 13 ]", reads_now_sh));
        assert!(day_gate("[ $(date +%d) -eq 13 ]", reads_now_sh));
        // Not a day compared with a constant; the first of the month.
        assert!(!day_gate("d.day == other.day", reads_now_py));
        assert!(!day_gate("datetime.now().hour == 3", reads_now_py));
        assert!(!day_gate("item.day == 3", reads_now_py));
        assert!(!day_gate("date.today().day == 1", reads_now_py));
        assert!(!day_gate("[ \"$(date +%d)\" = 01 ]", reads_now_sh));
    }
}
