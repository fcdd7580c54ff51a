use super::call::{Call, Emit};
use super::*;
use crate::extract::exec_op::{ExecForm, ExecOp};

/// `eval`/`source` of computed code (a plain `source ./lib.sh` ends the line).
pub(super) fn eval(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let words = c.words;
    let at = c.at;
    let reads = &c.reads;
    let cx = c.cx;
    let mut inputs = reads.clone();
    inputs.extend(cx.pipe_in.clone());
    let ev = ExecOp::new(ExecForm::Code, args.join(" "))
        .object(format!("{name} of computed code"))
        .inputs(inputs)
        .encoded(cx.fed_by_decoder.is_some());
    let dynamic = words.iter().skip(at + 1).any(|w| w.dynamic);
    if name != "eval"
        && !dynamic
        && args
            .first()
            .is_some_and(|a| !a.contains("://") && !a.starts_with("/dev/"))
    {
        // `source ./lib.sh`: a plain include, not dynamic code. It still
        // runs the file, as `bash F` does: a file a download wrote
        // (`curl -o F URL && source F`) connects here through its
        // `$file_` binding (`download_run::link`, `persisted::body_intent`).
        if let Some(script) = args.first() {
            let mut run = ExecOp::new(ExecForm::Script, format!("{name} {script}")).lower();
            run.object = "file sourced".into();
            run.inputs = reads.clone();
            run.inputs.push(crate::extract::file_bind(script));
            e.push(run);
        }
        e.finish();
        return;
    }
    e.push(ev.lower());
}

/// An interpreter running inline or piped code, or a script.
pub(super) fn interpreter(c: &Call, e: &mut Emit) {
    // Round 42: `osascript -e '… make login item …'` registers a start-up
    // entry besides running its code (`system_op::SPELLINGS`).
    super::system::startup_entry(c, e);
    let name = &c.name;
    let args: &[&str] = &c.args;
    let words = c.words;
    let at = c.at;
    let reads = &c.reads;
    let cx = c.cx;
    let inline = has_flag(
        args,
        &["-c", "-e"],
        &["--eval", "-Command", "-EncodedCommand"],
    ) || args
        .iter()
        .any(|a| a.eq_ignore_ascii_case("-enc") || a.eq_ignore_ascii_case("-encodedcommand"));
    let stdin_code =
        cx.pipe_in.is_some() && (args.is_empty() || args.iter().all(|a| a.starts_with('-')));
    if stdin_code || inline {
        let mut inputs = cx.pipe_in.clone().into_iter().collect::<Vec<_>>();
        inputs.extend(reads.clone());
        let ev = ExecOp::new(ExecForm::Code, args.join(" "))
            .object(if stdin_code {
                "code read from a pipe"
            } else {
                "inline code"
            })
            .inputs(inputs)
            .encoded(cx.fed_by_decoder.is_some())
            .lower();
        // Round 42 (blind r42 screenshot-folder-sorter): a variable that
        // holds a substitution's output (`s=$(curl …); bash -c "$s"`) is
        // known only as the substitution's text: the code is computed.
        if stdin_code
            || words
                .iter()
                .skip(at + 1)
                .any(|w| w.dynamic || substitution_held(w))
        {
            e.push(ev);
        }
    } else if let Some(script) = args.iter().find(|a| !a.starts_with('-')) {
        let mut ev = ExecOp::new(ExecForm::Script, format!("{name} {script}")).lower();
        // The script file is the program (a file downloaded with
        // `curl -o` connects here); piped bytes are its data.
        ev.inputs = reads.clone();
        ev.inputs.push(crate::extract::file_bind(script));
        if args.iter().take_while(|a| *a != script).any(|a| *a == "-") {
            // `python3 - "$key" <<'PY'`: the program is the heredoc.
            ev.inputs.retain(|b| b.starts_with("$file_"));
        }
        e.push(ev);
    }
}

/// A word that is one variable known only as a command substitution's text
/// (`"$s"` after `s=$(curl …)`): its value is that command's output.
fn substitution_held(w: &Word) -> bool {
    let v = w.value.trim();
    w.reads.len() == 1 && v.starts_with("$(") && v.ends_with(')') && !v[2..].contains("$(")
}

/// A decoder, or a file encoded.
pub(super) fn decode(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let cx = c.cx;
    let decode = has_flag(args, &["-d", "-D", "-r"], &["--decode", "--reverse"])
        || matches!(name.as_str(), "uudecode" | "gunzip" | "zcat" | "rev");
    if decode {
        let mut ev = Evidence::new(Op::Decode, A::Infer, R::Memory, name.clone())
            .object("decoding")
            .tag(Tag::Encoded);
        ev.inputs.extend(cx.pipe_in.clone());
        ev.output = cx.pipe_out.clone();
        e.push(ev);
    } else if let Some(f) = args.iter().find(|a| !a.starts_with('-')) {
        let (scope, tags) = classify_path(f);
        let mut ev = Evidence::new(Op::FileRead, A::Read, scope, *f)
            .tags(tags)
            .object("file encoded");
        ev.output = cx.pipe_out.clone();
        e.push(ev);
    }
}

/// A value printed into a pipe or a substitution.
pub(super) fn echo(c: &Call, e: &mut Emit) {
    let mut reads = c.reads.clone();
    let cx = c.cx;
    // `echo "$(printenv)" | curl …`: a substitution in an argument is
    // printed too (`walk.rs` hands its output in as `$sub_…`; echo reads
    // no other input).
    reads.extend(
        cx.pipe_in
            .iter()
            .filter(|b| b.starts_with("$sub_"))
            .cloned(),
    );
    let reads = &reads;
    if !reads.is_empty() && cx.pipe_out.is_some() {
        // Printed into a pipe or a substitution: the value moves on.
        let mut ev =
            Evidence::new(Op::Output, A::Notify, R::Memory, "stdout").object("value printed");
        ev.inputs = reads.clone();
        ev.output = cx.pipe_out.clone();
        e.raw(ev);
    }
}

/// Any other program: a run, with its inputs, the file it runs and miner hints.
pub(super) fn other(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let words = c.words;
    let argv = c.argv;
    let at = c.at;
    let reads = &c.reads;
    let joined = &c.joined;
    let cx = c.cx;
    let mut inputs = reads.clone();
    inputs.extend(cx.pipe_in.clone());
    let mut ev = ExecOp::new(ExecForm::Argv, joined.clone())
        .object(format!("{name} run"))
        .inputs(inputs)
        .output(cx.pipe_out.clone())
        .lower();
    // Round 28: an editor or small runtime told to run a script file
    // (`nvim --headless -l /tmp/x.lua`): the file is the program, as an
    // interpreter's script is.
    if let Some(script) = script_file(name, args) {
        let mut run = ExecOp::new(ExecForm::Script, format!("{name} {script}")).lower();
        run.inputs = reads.clone();
        run.inputs.push(crate::extract::file_bind(&script));
        e.push(run);
    }
    let program = &argv[at];
    let dynamic_program = words.get(at).is_some_and(|w| w.dynamic);
    if program.contains('/') {
        // `curl -o /tmp/p …; /tmp/p`: the downloaded file runs.
        ev.inputs.push(crate::extract::file_bind(program));
    } else if !dynamic_program && !code_from_pipe(name, args) {
        ev.tags.insert(Tag::FixedProgram);
    }
    if joined.contains("stratum+tcp")
        || joined.contains("stratum+ssl")
        || joined.contains("--donate-level")
        || joined.contains("cryptonight")
        || joined.contains("randomx")
    {
        ev.op = Op::Mining;
        ev.object = "cryptocurrency miner".into();
    }
    if name.starts_with("./")
        || name.starts_with("/tmp/")
        || name.starts_with("/dev/shm/")
        || argv[at].starts_with("/tmp/")
        || argv[at].starts_with("./.")
        || argv[at].starts_with("/dev/shm")
    {
        ev.tags.insert(Tag::ShellTarget);
    }
    e.push(ev);
}
