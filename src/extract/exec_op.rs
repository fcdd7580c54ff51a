//! The process and interpreter domain, described once (issue 14, item 4,
//! third domain).
//!
//! `os.system(cmd)`, `child_process.exec(cmd)`, `sh -c "$cmd"` and
//! `Invoke-Expression $cmd` are one operation: a command or a piece of code
//! handed to something that runs it. A front-end only maps its syntax into
//! an [`ExecOp`] (which [`ExecForm`] the API takes, the command or code as
//! folded, how it was started: [`Manner`]); [`ExecOp::lower`] alone decides
//! the evidence of a run the front-end cannot see into: the op (`Exec`
//! for a program, `DynamicCode` for code), the SSL `act_type` (`CALL_TOOL`)
//! and `resource_scope` (`PROCESS`), and the tags (`Detached`, `Silenced`,
//! `ShellTrue`, `Obfuscated`, `Encoded`). A command the front-end can fold
//! is analysed in its language instead (argv through
//! `shell::analyze_argv`, a code string through `interp::code_arg` /
//! `interp::analyse`), and what that analysis emits is marked with the
//! run's [`Manner`].
//!
//! [`APIS`] names, per language, the APIs of each form, so adding one is
//! adding a name to a row; the interpreters that take code as an argument
//! (`bash -c`, `python -c`, `node -e`, `pwsh -Command`) are the table of
//! `interp.rs`, and the shell's wrappers that detach a program
//! (`nohup`, `setsid`, `disown`) are [`DETACHING_WRAPPERS`].

use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::BTreeSet;

/// What an API hands to the thing that runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecForm {
    /// A command line a shell runs (`os.system`, `child_process.exec`,
    /// `execa.command`).
    Shell,
    /// A program and its arguments, never a shell (`os.execvp`,
    /// `os.spawnl`, `spawn(file, [args])`, `Start-Process`): a single
    /// string is the program, not a command line.
    Argv,
    /// A list is argv, a string is a command line
    /// (`subprocess.run`, `Popen`, `pty.spawn`): `shell=True` or a string
    /// literal makes it a command line.
    ArgvOrShell,
    /// Code in the caller's own language (`exec`, `eval`, `compile`,
    /// `Function`, `vm.run*`, `Invoke-Expression`).
    Code,
    /// A script file run by the caller's own interpreter
    /// (`runpy.run_path`, `execfile`, `child_process.fork`).
    Script,
}

/// How a run was started, whatever the language wrote it with: detached
/// from the task (`nohup`, `setsid`, `&`, `start_new_session=True`,
/// `{detached: true}`, `.unref()`, `-WindowStyle Hidden`) and with its
/// output or window hidden (`>/dev/null`, `stdout=DEVNULL`,
/// `stdio: 'ignore'`, `windowsHide`, `-WindowStyle Hidden`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Manner {
    pub detached: bool,
    pub silenced: bool,
}

impl Manner {
    pub fn any(self) -> bool {
        self.detached || self.silenced
    }

    pub fn tags(self) -> Vec<Tag> {
        let mut t = Vec::new();
        if self.detached {
            t.push(Tag::Detached);
        }
        if self.silenced {
            t.push(Tag::Silenced);
        }
        t
    }

    /// Marks what the run emitted (its program's evidence, the sends and
    /// reads of an analysed command line) with the run's manner.
    pub fn mark(self, evs: &mut [Evidence]) {
        for ev in evs {
            ev.tags.extend(self.tags());
        }
    }
}

/// One run of a program or of code, whatever the language wrote it in.
#[derive(Clone, Debug)]
pub struct ExecOp {
    pub form: ExecForm,
    /// The command, program or code as folded (or as written when it
    /// cannot be folded).
    pub command: String,
    pub manner: Manner,
    /// The command is a string a shell parses (`shell=True`, `os.system`).
    pub shell: bool,
    /// The API or the command was computed (`getattr(os, 'sys'+'tem')`,
    /// a decoded name).
    pub computed: bool,
    /// The code came out of a decoder.
    pub encoded: bool,
    /// Bindings the run consumes: the command's or code's parts.
    pub inputs: Vec<String>,
    /// The binding of what the run produces (its output).
    pub output: Option<String>,
    pub object: Option<String>,
    pub instrument: Option<String>,
}

impl ExecOp {
    pub fn new(form: ExecForm, command: impl Into<String>) -> Self {
        ExecOp {
            form,
            command: command.into(),
            manner: Manner::default(),
            shell: false,
            computed: false,
            encoded: false,
            inputs: Vec::new(),
            output: None,
            object: None,
            instrument: None,
        }
    }

    crate::extract::step_setters!();

    pub fn manner(mut self, m: Manner) -> Self {
        self.manner = m;
        self
    }

    pub fn shell(mut self, on: bool) -> Self {
        self.shell = on;
        self
    }

    pub fn computed(mut self, on: bool) -> Self {
        self.computed = on;
        self
    }

    pub fn encoded(mut self, on: bool) -> Self {
        self.encoded = on;
        self
    }

    /// The evidence of a run whose command or code the front-end cannot
    /// see into (or chooses to report as such).
    pub fn lower(self) -> Evidence {
        let (op, object) = match self.form {
            ExecForm::Code => (Op::DynamicCode, "code run"),
            ExecForm::Script => (Op::Exec, "script run"),
            ExecForm::Shell | ExecForm::ArgvOrShell => (Op::Exec, "shell command"),
            ExecForm::Argv => (Op::Exec, "program started"),
        };
        let mut tags: BTreeSet<Tag> = self.manner.tags().into_iter().collect();
        if self.shell {
            tags.insert(Tag::ShellTrue);
        }
        if self.computed {
            tags.insert(Tag::Obfuscated);
        }
        if self.encoded {
            tags.insert(Tag::Encoded);
        }
        let mut ev = Evidence::new(op, A::CallTool, R::Process, self.command)
            .tags(tags)
            .object(self.object.unwrap_or_else(|| object.to_string()));
        if let Some(i) = self.instrument {
            ev.instrument = i;
        }
        ev.inputs = self.inputs;
        ev.output = self.output;
        ev
    }
}

/// The APIs of one form in one language.
#[derive(Clone, Copy, Debug)]
pub struct Api {
    /// "python" (functions resolved through imports), "javascript"
    /// (canonical dotted names: `child_process.exec`, `execa.command`),
    /// "powershell" (cmdlets and aliases, lower case), "bash".
    pub lang: &'static str,
    pub form: ExecForm,
    /// The names are prefixes (`os.exec` covers `os.execvp`, `os.execl`).
    pub prefix: bool,
    pub names: &'static [&'static str],
}

const fn api(
    lang: &'static str,
    form: ExecForm,
    prefix: bool,
    names: &'static [&'static str],
) -> Api {
    Api {
        lang,
        form,
        prefix,
        names,
    }
}

/// Per language, which names run what; the first row naming a name wins.
pub const APIS: &[Api] = &[
    // Python.
    api(
        "python",
        ExecForm::Shell,
        false,
        &[
            "os.system",
            "os.popen",
            "subprocess.getoutput",
            "subprocess.getstatusoutput",
            "asyncio.create_subprocess_shell",
            "commands.getoutput",
        ],
    ),
    api(
        "python",
        ExecForm::ArgvOrShell,
        false,
        &[
            "subprocess.run",
            "subprocess.call",
            "subprocess.check_call",
            "subprocess.check_output",
            "subprocess.Popen",
            "pty.spawn",
            "asyncio.create_subprocess_exec",
        ],
    ),
    api("python", ExecForm::Argv, true, &["os.exec"]),
    api(
        "python",
        ExecForm::ArgvOrShell,
        true,
        &["os.spawn", "os.posix_spawn"],
    ),
    api(
        "python",
        ExecForm::Code,
        false,
        &["eval", "exec", "compile", "builtins.eval", "builtins.exec"],
    ),
    api(
        "python",
        ExecForm::Script,
        false,
        &["execfile", "runpy.run_path", "runpy.run_module"],
    ),
    // JavaScript and TypeScript: canonical names after module resolution.
    api(
        "javascript",
        ExecForm::Shell,
        false,
        &[
            "child_process.exec",
            "child_process.execSync",
            "shelljs.exec",
            "execa.command",
            "execa.execaCommand",
            "execa.commandSync",
            "execa.execaCommandSync",
        ],
    ),
    api(
        "javascript",
        ExecForm::Argv,
        false,
        &[
            "child_process.spawn",
            "child_process.spawnSync",
            "child_process.execFile",
            "child_process.execFileSync",
            "execa",
            "execa.execa",
            "execa.sync",
            "execa.execaSync",
            "cross-spawn",
            "cross-spawn.sync",
        ],
    ),
    api(
        "javascript",
        ExecForm::Script,
        false,
        &["child_process.fork"],
    ),
    api(
        "javascript",
        ExecForm::Code,
        false,
        &[
            "eval",
            "Function",
            "vm.runInNewContext",
            "vm.runInThisContext",
            "vm.runInContext",
            "vm.compileFunction",
            "vm.Script",
            "vm.SourceTextModule",
        ],
    ),
    // PowerShell: cmdlets and aliases, lower case.
    api(
        "powershell",
        ExecForm::Code,
        false,
        &["invoke-expression", "iex"],
    ),
    api(
        "powershell",
        ExecForm::Argv,
        false,
        &["start-process", "saps", "start"],
    ),
    // Bash: builtins that run a string or a file as code (the
    // interpreters that take code as an argument are `interp.rs`).
    api("bash", ExecForm::Code, false, &["eval"]),
    api("bash", ExecForm::Script, false, &["source", "."]),
];

/// The shell's builtins that run code: the `bash` rows of [`APIS`].
pub const SHELL_CODE_BUILTINS: &[&str] = &["eval", "source", "."];

/// The option keys of a child process (Node `spawn`/`exec`/`execa`,
/// Python `subprocess`, …): an object of only these keys configures a run;
/// an `env` beside any other key is data (round 20).
pub const PROCESS_OPTION_KEYS: &[&str] = &[
    "env",
    "cwd",
    "stdio",
    "shell",
    "detached",
    "timeout",
    "encoding",
    "windowsHide",
    "windowsVerbatimArguments",
    "uid",
    "gid",
    "maxBuffer",
    "killSignal",
    "input",
    "argv0",
    "signal",
    "serialization",
    "extendEnv",
    "preferLocal",
    "localDir",
    "reject",
    "all",
    "stripFinalNewline",
    "stdin",
    "stdout",
    "stderr",
    "execPath",
    "execArgv",
    "silent",
    "inherit",
    "cleanup",
    "buffer",
    "name",
    "cols",
    "rows",
    "nodeOptions",
];

/// The shell's wrappers that start their program detached from the task.
pub const DETACHING_WRAPPERS: &[&str] = &["nohup", "setsid", "disown"];

/// Programs that execute code given on stdin or as an argument (a script
/// file, `-c CODE`, a pipe): the shell's interpreter row, and the runners
/// whose script argument is read in its language.
pub const INTERPRETERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "python",
    "python3",
    "python2",
    "perl",
    "ruby",
    "node",
    "php",
    "osascript",
    "pwsh",
    "powershell",
    "deno",
    "bun",
];

/// The row naming `name` in `lang`.
pub fn api_of(lang: &str, name: &str) -> Option<&'static Api> {
    APIS.iter().find(|a| {
        a.lang == lang
            && if a.prefix {
                a.names.iter().any(|n| name.starts_with(n))
            } else {
                a.names.contains(&name)
            }
    })
}

/// The form of `name` in `lang`, if it runs something.
pub fn form_of(lang: &str, name: &str) -> Option<ExecForm> {
    api_of(lang, name).map(|a| a.form)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_names_its_apis_once() {
        assert_eq!(form_of("python", "os.system"), Some(ExecForm::Shell));
        assert_eq!(form_of("python", "os.execvp"), Some(ExecForm::Argv));
        assert_eq!(
            form_of("python", "subprocess.Popen"),
            Some(ExecForm::ArgvOrShell)
        );
        assert_eq!(form_of("python", "exec"), Some(ExecForm::Code));
        assert_eq!(
            form_of("javascript", "child_process.execSync"),
            Some(ExecForm::Shell)
        );
        assert_eq!(
            form_of("javascript", "child_process.fork"),
            Some(ExecForm::Script)
        );
        assert_eq!(form_of("powershell", "iex"), Some(ExecForm::Code));
        assert_eq!(form_of("bash", "eval"), Some(ExecForm::Code));
        for n in SHELL_CODE_BUILTINS {
            assert!(form_of("bash", n).is_some(), "{n}");
        }
        assert_eq!(form_of("python", "os.path.join"), None);
        assert_eq!(form_of("javascript", "exec"), None);
        // No name is in two rows of one language.
        for a in APIS {
            for n in a.names {
                let first = api_of(a.lang, n).map(|r| r.form);
                assert_eq!(first, Some(a.form), "{} {n}", a.lang);
            }
        }
    }

    #[test]
    fn a_run_lowers_once_with_its_manner() {
        let m = Manner {
            detached: true,
            silenced: true,
        };
        let ev = ExecOp::new(ExecForm::Shell, "$cmd")
            .manner(m)
            .shell(true)
            .instrument("os.system")
            .inputs(vec!["$cmd".into()])
            .lower();
        assert_eq!(ev.op, Op::Exec);
        assert_eq!(ev.scope, R::Process);
        for t in [Tag::Detached, Tag::Silenced, Tag::ShellTrue] {
            assert!(ev.tags.contains(&t), "{t:?}");
        }
        let code = ExecOp::new(ExecForm::Code, "x").encoded(true).lower();
        assert_eq!(code.op, Op::DynamicCode);
        assert!(code.tags.contains(&Tag::Encoded));
        assert!(!code.tags.contains(&Tag::Detached));
    }
}
