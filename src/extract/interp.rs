//! The one table of interpreters that take program text as an argument
//! (`bash -c CODE`, `python3 -c CODE`, `node -e CODE`, `perl -e CODE`,
//! `pwsh -Command CODE`, `eval CODE`), used by every front-end (shell,
//! Python and JavaScript argv, PowerShell command lines), and the token-level
//! reading of languages skillscan has no grammar for (Perl, Ruby, PHP).

use super::argwords::opening_words;
pub use super::argwords::{program, split_words, unquote};
use super::exec_op::{ExecForm, ExecOp};
use super::{Lang, Sink, Src};
use crate::evidence::Origin;

/// How the code handed to an interpreter is analysed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// By the extractor of that language.
    Lang(Lang),
    /// At token level: the string literals and command quotes in it that
    /// hold shell commands (`system("…")`, `` `…` ``, `qx{…}`).
    Tokens,
    /// `pwsh -EncodedCommand B64` (also `-enc`, `-ec`, `-e`): base64 of
    /// UTF-16LE PowerShell, decoded and then analysed as PowerShell.
    EncodedPowerShell,
    /// Round 26: a command line run on another host or in a container
    /// (`ssh host 'cmd'`, `kubectl exec pod -- sh -c …`, `ansible all -m
    /// shell -a …`; [`super::remote_cmd`]), analysed as shell: what it does
    /// there keeps its meaning.
    Remote,
}

impl From<Lang> for Code {
    fn from(l: Lang) -> Self {
        Code::Lang(l)
    }
}

struct Interp {
    names: &'static [&'static str],
    /// Flags whose next argument is the code.
    flags: &'static [&'static str],
    code: Code,
    /// Single-letter flags may be bundled (`bash -ec CODE`).
    bundled: bool,
    /// Every argument after the flag is the code, joined by spaces
    /// (`pwsh -Command Set-X -Y 1`, `cmd /c vssadmin delete shadows`).
    rest: bool,
}

const TABLE: &[Interp] = &[
    Interp {
        names: &["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "busybox"],
        flags: &["-c"],
        code: Code::Lang(Lang::Shell),
        bundled: true,
        rest: false,
    },
    Interp {
        names: &["python", "python3", "python2", "pypy", "pypy3", "py"],
        flags: &["-c"],
        code: Code::Lang(Lang::Python),
        bundled: false,
        rest: false,
    },
    Interp {
        names: &["node", "nodejs", "deno", "bun"],
        flags: &["-e", "--eval", "-p", "--print"],
        code: Code::Lang(Lang::JavaScript),
        bundled: false,
        rest: false,
    },
    Interp {
        names: &["pwsh", "powershell"],
        flags: &["-command", "-c", "-com", "-comm", "-comma", "-comman"],
        code: Code::Lang(Lang::PowerShell),
        bundled: false,
        rest: true,
    },
    Interp {
        names: &["perl", "ruby"],
        flags: &["-e", "-E"],
        code: Code::Tokens,
        bundled: true,
        rest: false,
    },
    Interp {
        names: &["php"],
        flags: &["-r"],
        code: Code::Tokens,
        bundled: false,
        rest: false,
    },
    // Round 24: `cmd /c LINE` (`/k`, `/r`, any case): the rest of the line
    // is a command line, read by the shell front-end and its program table
    // (`vssadmin`, `sc`, `netsh`, `powershell -enc`, …).
    Interp {
        names: &["cmd"],
        flags: &["/c", "/k", "/r"],
        code: Code::Lang(Lang::Shell),
        bundled: false,
        rest: true,
    },
    // Round 24: `osascript -e 'do shell script "…"'`: AppleScript read at
    // token level (its string literals that hold shell commands).
    Interp {
        names: &["osascript"],
        flags: &["-e"],
        code: Code::Tokens,
        bundled: false,
        rest: false,
    },
];

/// Whether `program` takes every argument after its code flag as the code
/// (`pwsh -Command a b`, `cmd /c a b`; `eval a b`).
pub fn joins_rest(arg0: &str) -> bool {
    let p = program(arg0);
    p == "eval"
        || TABLE
            .iter()
            .any(|t| t.rest && t.names.contains(&p.as_str()))
}

/// The code of an interpreter run whose code argument is at `i`
/// ([`code_arg`]): that argument, or all from it joined by spaces for the
/// programs that read the rest ([`joins_rest`]).
pub fn code_text<S: AsRef<str>>(argv: &[S], i: usize) -> String {
    let Some(first) = argv.first() else {
        return String::new();
    };
    if let Some(text) = super::remote_cmd::text(argv, i) {
        return text;
    }
    if program(first.as_ref()) == "npm" && super::autorun::npm_script_code(argv) == Some(i) {
        return super::autorun::npm_script_text(argv[i].as_ref());
    }
    if program(first.as_ref()) == "git" && super::autorun::git_config_code(argv) == Some(i) {
        let dash_c = i > 0 && argv[i - 1].as_ref() == "-c";
        return super::autorun::git_config_text(argv[i].as_ref(), dash_c);
    }
    if !joins_rest(first.as_ref()) {
        return argv
            .get(i)
            .map(|a| a.as_ref().to_string())
            .unwrap_or_default();
    }
    let text = argv
        .iter()
        .skip(i)
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(" ");
    // `pwsh -Command { … }`: the script block's body is the code.
    let t = text.trim();
    match t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        Some(body) if lang_of_program(first.as_ref()) == Some(Lang::PowerShell) => body.to_string(),
        _ => text,
    }
}

/// The language a program runs a script file in (`bash F`, `python3 F`,
/// `node F`, `pwsh F`), from the same table; `None` for the token-level
/// languages and unknown programs.
pub fn lang_of_program(arg0: &str) -> Option<Lang> {
    let p = program(arg0);
    TABLE
        .iter()
        .find(|i| i.names.contains(&p.as_str()))
        .and_then(|i| match i.code {
            Code::Lang(l) => Some(l),
            _ => None,
        })
}

/// Code folded with opaque `$name` words where a part was unknown (a
/// template literal's `${…}`, a concatenated variable), made readable in
/// `code`'s language: shell, PowerShell, JavaScript, Ruby and Perl take
/// `$name` as a name; Python gets `_name`. `None` when nothing but
/// opaque words and punctuation is left (nothing to read).
pub fn opaque_code(code: Code, text: &str) -> Option<String> {
    let literal = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '$' || c == '_'))
        .filter(|w| !w.starts_with('$'))
        .any(|w| w.chars().any(|c| c.is_ascii_alphabetic()));
    if !literal {
        return None;
    }
    Some(match code {
        Code::Lang(Lang::Python) => {
            let mut out = String::with_capacity(text.len());
            let mut it = text.chars().peekable();
            while let Some(c) = it.next() {
                let name = it
                    .peek()
                    .is_some_and(|n| n.is_ascii_alphabetic() || *n == '_');
                out.push(if c == '$' && name { '_' } else { c });
            }
            out
        }
        _ => text.to_string(),
    })
}

/// The code argument of an interpreter run: `argv[0]` is the program (after
/// any wrapper such as `sudo`). Returns how to analyse the code, and the
/// index of the argument that holds it (`eval`: the first of the rest, all
/// of which are the code joined by spaces).
pub fn code_arg<S: AsRef<str>>(argv: &[S]) -> Option<(Code, usize)> {
    let name = program(argv.first()?.as_ref());
    if name == "eval" {
        return (argv.len() > 1).then_some((Code::Lang(Lang::Shell), 1));
    }
    if let Some(i) = super::remote_cmd::code_index(argv) {
        return Some((Code::Remote, i));
    }
    if name == "git" {
        return super::autorun::git_config_code(argv).map(|i| (Code::Lang(Lang::Shell), i));
    }
    if name == "npm" {
        return super::autorun::npm_script_code(argv).map(|i| (Code::Lang(Lang::Shell), i));
    }
    let it = TABLE.iter().find(|t| t.names.contains(&name.as_str()))?;
    let ps = it.code == Code::Lang(Lang::PowerShell);
    let fold = ps || name == "cmd";
    for (i, a) in argv.iter().enumerate().skip(1) {
        let a = a.as_ref();
        let a = if fold {
            a.to_lowercase()
        } else {
            a.to_string()
        };
        if ps && is_encoded_flag(&a) {
            return (i + 1 < argv.len()).then_some((Code::EncodedPowerShell, i + 1));
        }
        let hit = it.flags.contains(&a.as_str())
            || it.bundled
                && a.len() > 2
                && a.len() <= 5
                && a.starts_with('-')
                && !a.starts_with("--")
                && a[1..].chars().all(|c| c.is_ascii_alphabetic())
                && it
                    .flags
                    .iter()
                    .any(|f| f.len() == 2 && a.ends_with(&f[1..]));
        if hit {
            return (i + 1 < argv.len()).then_some((it.code, i + 1));
        }
    }
    None
}

/// The words of a command line that hands program text to an interpreter
/// of the table (`python3 -c "…"`, `node -e '…'`, `bash -c …`, `pwsh
/// -Command …`, `ruby -e …`, `perl -e …`), from its first word (after a
/// `$ ` prompt or `sudo`): the byte end of the code argument, or `None`.
pub fn inline_run_end(line: &str) -> Option<usize> {
    let words = opening_words(line, 8);
    let mut skip = 0;
    while let Some(&(s, e)) = words.get(skip) {
        if !matches!(&line[s..e], "$" | "sudo") {
            break;
        }
        skip += 1;
    }
    let argv: Vec<&str> = words[skip..].iter().map(|&(s, e)| &line[s..e]).collect();
    if argv.first().is_none_or(|w| program(w) == "eval") {
        return None;
    }
    let (_, i) = code_arg(&argv)?;
    Some(words[skip + i].1)
}

/// Interpreter runs inside a sentence ("setup, run once: python3 -c
/// \"…\" (installs …)"): the byte range of each, from the interpreter's
/// name to the end of its code argument. The name must start a word.
pub fn inline_runs(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    // Every code flag of the table starts with `-` after a space: a text
    // without one holds no run (most prose; looked up once, not per word).
    if !text
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_whitespace() && w[1] == b'-')
    {
        return out;
    }
    let mut from = 0;
    for (i, _) in text.char_indices() {
        if i < from {
            continue;
        }
        let prev = text[..i].chars().next_back();
        if prev.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')) {
            continue;
        }
        // A word, not a quote or code span around one (`` `bash -c …` ``
        // is inline code, read as such).
        if !text[i..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '/' || c == '.')
        {
            continue;
        }
        let word = text[i..]
            .split(|c: char| c.is_whitespace())
            .next()
            .unwrap_or("");
        if !TABLE
            .iter()
            .any(|t| t.names.contains(&program(word).as_str()))
        {
            continue;
        }
        if let Some(end) = inline_run_end(&text[i..]) {
            out.push((i, i + end));
            from = i + end;
        }
    }
    out
}

/// The program an interpreter reads from its standard input: `bash`,
/// `bash -s ARGS`, `python3 - ARGS`, `node -` (no code argument and no
/// script file named). Fed by a heredoc, the heredoc is the program.
pub fn stdin_code<S: AsRef<str>>(argv: &[S]) -> Option<Code> {
    let name = program(argv.first()?.as_ref());
    if super::remote_cmd::is_runner(&name) {
        // `ssh host` with no command, or a remote interpreter that reads
        // its program from stdin (`ssh host bash -s`, `kubectl exec -i p
        // -- sudo sh`).
        let words = super::remote_cmd::stdin_words(argv)?;
        let reads = words.is_empty() || program(&words[0]) != name && stdin_code(&words).is_some();
        return reads.then_some(Code::Remote);
    }
    let it = TABLE.iter().find(|t| t.names.contains(&name.as_str()))?;
    if code_arg(argv).is_some() {
        return None;
    }
    let reads_stdin = |a: &str| a == "-" || a == "-s" && it.code == Code::Lang(Lang::Shell);
    for a in argv.iter().skip(1).map(AsRef::as_ref) {
        if reads_stdin(a) {
            return Some(it.code);
        }
        if !a.starts_with('-') {
            return None;
        }
    }
    Some(it.code)
}

/// `-EncodedCommand` and every prefix PowerShell accepts for it (`-e`,
/// `-en`, `-enc`, …), the `-ec` alias, and the `/` forms of Windows
/// PowerShell. `-ex…` is `-ExecutionPolicy`, not this.
pub fn is_encoded_flag(flag: &str) -> bool {
    let f = flag.to_ascii_lowercase();
    let Some(body) = f.strip_prefix('-').or_else(|| f.strip_prefix('/')) else {
        return false;
    };
    body == "ec" || !body.is_empty() && "encodedcommand".starts_with(body)
}

/// The text of a PowerShell `-EncodedCommand` payload: base64 of UTF-16LE
/// (UTF-8 is accepted too), printable, within `MAX_DECODED_BYTES`.
pub fn encoded_powershell(b64: &str) -> Option<String> {
    let bytes = super::deobf::b64(b64.trim())?;
    if bytes.len() > crate::limits::MAX_DECODED_BYTES || bytes.is_empty() {
        return None;
    }
    let zeros = bytes.iter().skip(1).step_by(2).filter(|b| **b == 0).count();
    let text = if bytes.len() >= 4 && zeros * 2 >= bytes.len() / 2 {
        let units: Vec<u16> = bytes
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        crate::text::decode_lossy(&bytes).0
    };
    super::deobf::mostly_printable(&text).then_some(text)
}

/// Analyses code handed to an interpreter.
pub fn analyse(code: Code, src: &Src, sink: &mut Sink) {
    match code {
        Code::Lang(l) => super::extract_code(l, src, sink),
        Code::Tokens => tokens(src, sink),
        Code::EncodedPowerShell => encoded(src, sink),
        Code::Remote => super::remote_cmd::analyse(src, sink),
    }
}

/// An encoded PowerShell command, from any language (`pwsh -enc B64` in a
/// shell line, `subprocess.run(["powershell", "-e", B64])`,
/// `execFileSync("pwsh", ["-EncodedCommand", B64])`, `Start-Process
/// powershell -ArgumentList '-ec', B64`): the run of hidden code is
/// reported, and the decoded text is analysed as PowerShell, one nesting
/// level deeper (bounded by `MAX_NEST_DEPTH`).
fn encoded(src: &Src, sink: &mut Sink) {
    if super::past_nest_limit(src, sink) {
        return;
    }
    let Some(code) = encoded_powershell(src.text) else {
        return;
    };
    let ev = ExecOp::new(ExecForm::Code, crate::text::snippet(&code, 200))
        .object("encoded PowerShell command")
        .instrument("-EncodedCommand")
        .encoded(true)
        .computed(true)
        .lower();
    sink.push(src.at(ev, 0, src.text.len(), "powershell"));
    let nested = src.derived(&code, 0, src.text.len(), Origin::Decoded);
    super::extract_code(Lang::PowerShell, &nested, sink);
}

/// Token-level reading of Perl, Ruby or PHP code: every quoted string,
/// backtick command and `qx{…}`/`%x{…}` that holds a shell command is
/// analysed as shell (`system("curl … | sh")`, `` `cat ~/.ssh/id_rsa` ``).
pub fn tokens(src: &Src, sink: &mut Sink) {
    super::socket_cmds::scan(src, sink);
    for (start, end, body, is_command) in literals(src.text) {
        let shellish = is_command || Lang::sniff(&body) == Some(Lang::Shell);
        if !shellish || body.trim().is_empty() {
            continue;
        }
        let sub = if src.text.get(start..end) == Some(body.as_str()) {
            src.nested(&src.text[start..end], start, src.origin)
        } else {
            src.derived(&body, start, end, Origin::Script)
        };
        super::extract_code(Lang::Shell, &sub, sink);
    }
}

/// Quoted literals of a C-like scripting language: (start, end, unescaped
/// body, whether it is a command quote). Positions are the body's.
fn literals(text: &str) -> Vec<(usize, usize, String, bool)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let (close, command, open_len) = match b[i] {
            b'"' => (b'"', false, 1),
            b'\'' => (b'\'', false, 1),
            b'`' => (b'`', true, 1),
            b'q' | b'%' if b.get(i + 1) == Some(&b'x') => {
                let close = match b.get(i + 2) {
                    Some(b'{') => b'}',
                    Some(b'(') => b')',
                    Some(b'[') => b']',
                    Some(b'<') => b'>',
                    Some(&c) if c.is_ascii_punctuation() => c,
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                (close, true, 3)
            }
            _ => {
                i += 1;
                continue;
            }
        };
        let start = i + open_len;
        let mut j = start;
        let mut body = String::new();
        while j < b.len() && b[j] != close {
            if b[j] == b'\\' && j + 1 < b.len() {
                j += 1;
            }
            j += 1;
        }
        let end = j.min(b.len());
        if let Some(raw) = text.get(start..end) {
            let mut esc = false;
            for c in raw.chars() {
                if esc {
                    body.push(c);
                    esc = false;
                } else if c == '\\' {
                    esc = true;
                } else {
                    body.push(c);
                }
            }
            out.push((start, end, body, command));
        }
        i = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interpreter_without_a_program_argument_reads_stdin() {
        let t = |a: &[&str]| stdin_code(a);
        assert_eq!(t(&["bash"]), Some(Code::Lang(Lang::Shell)));
        assert_eq!(t(&["bash", "-s", "x"]), Some(Code::Lang(Lang::Shell)));
        assert_eq!(t(&["python3", "-", "k"]), Some(Code::Lang(Lang::Python)));
        assert_eq!(
            t(&["/usr/bin/python3.12", "-u"]),
            Some(Code::Lang(Lang::Python))
        );
        assert_eq!(t(&["python3", "x.py", "-"]), None);
        assert_eq!(t(&["bash", "-c", "ls"]), None);
        assert_eq!(t(&["cat"]), None);
    }

    #[test]
    fn the_table_finds_the_code_argument() {
        let t = |a: &[&str]| code_arg(a);
        assert_eq!(t(&["bash", "-c", "x"]), Some((Code::Lang(Lang::Shell), 2)));
        assert_eq!(
            t(&["/bin/sh", "-ec", "x", "arg0"]),
            Some((Code::Lang(Lang::Shell), 2))
        );
        assert_eq!(
            t(&["python3.12", "-c", "x"]),
            Some((Code::Lang(Lang::Python), 2))
        );
        assert_eq!(
            t(&["node", "--eval", "x"]),
            Some((Code::Lang(Lang::JavaScript), 2))
        );
        assert_eq!(
            t(&["pwsh.exe", "-NoProfile", "-Command", "x"]),
            Some((Code::Lang(Lang::PowerShell), 3))
        );
        assert_eq!(t(&["perl", "-we", "x"]), Some((Code::Tokens, 2)));
        for f in ["-EncodedCommand", "-enc", "-e", "-ec", "/enc", "-ENCODEDC"] {
            assert_eq!(
                t(&["powershell", "-NoP", f, "x"]),
                Some((Code::EncodedPowerShell, 3)),
                "{f}"
            );
        }
        assert_eq!(t(&["pwsh", "-ex", "bypass"]), None);
        assert_eq!(t(&["eval", "x", "y"]), Some((Code::Lang(Lang::Shell), 1)));
        // Not code: a script file, a flag without its value, other tools.
        assert_eq!(t(&["bash", "scripts/x.sh"]), None);
        assert_eq!(t(&["python3", "-c"]), None);
        assert_eq!(t(&["grep", "-e", "x"]), None);
        assert_eq!(t(&["perl", "--version"]), None);
    }

    #[test]
    fn literals_are_unescaped_and_command_quotes_marked() {
        let l = literals(r#"system("curl \"x\" | sh"); $a = `id`; qx{ls -la}"#);
        let got: Vec<(&str, bool)> = l.iter().map(|x| (x.2.as_str(), x.3)).collect();
        assert_eq!(
            got,
            vec![("curl \"x\" | sh", false), ("id", true), ("ls -la", true)]
        );
    }
}
