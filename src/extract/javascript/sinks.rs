//! What known APIs do: commands and argv, files, HTTP, DNS, sockets,
//! dynamic code, timers and decoders.

use super::api::{opt, snip, truthy};
use super::*;
use crate::extract::exec_op::{ExecForm, ExecOp};
use crate::extract::fs_op::{FsKind, FsOp, api_of, kind_of};
use crate::extract::net_send::{NetCall, NetKind};

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    /// `exec(cmd)`: the command string is Bash.
    pub(super) fn cmd_string(
        &mut self,
        q: &str,
        args: &[Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
    ) -> V<'t> {
        let start = self.sink.items.len();
        let out = self.out_name(want, n);
        let Some(a0) = args.first() else {
            return V::default();
        };
        self.run_command(q, &a0.v, a0.n, n, &out);
        self.proc_opts(args, 1, start);
        self.chan_v(ChanKind::Proc, "", out, start)
    }

    fn run_command(&mut self, q: &str, v: &V<'t>, at: Node<'t>, call: Node<'t>, out: &str) {
        let (text, dynamic) = self.to_text(v, at);
        let inputs = v.binds.clone();
        if v.str().is_some() && !dynamic {
            let from = self.sink.items.len();
            if v.computed || v.decoded {
                // A command hidden by decoding or obfuscation is code run.
                let ev = ExecOp::new(ExecForm::Code, snip(&text))
                    .object("command built by decoding or obfuscation")
                    .instrument(q)
                    .computed(true)
                    .encoded(v.decoded)
                    .inputs(inputs.clone())
                    .lower();
                self.emit_at(ev, call);
                if v.analysed != Some(Lang::Shell) {
                    let origin = if v.decoded {
                        Origin::Decoded
                    } else {
                        self.src.origin
                    };
                    self.nested(Lang::Shell, &text, v, at, origin);
                }
            } else {
                self.nested(Lang::Shell, &text, v, at, self.src.origin);
            }
            // Every command is a process step, even one Bash finds harmless.
            let end = self.sink.items.len();
            let ran = self.sink.items[from.min(end)..end].iter().any(|e| {
                matches!(
                    e.op,
                    Op::Exec | Op::DynamicCode | Op::DownloadExec | Op::ReverseShell | Op::Install
                )
            });
            if !ran {
                let ev = ExecOp::new(ExecForm::Shell, snip(&text))
                    .instrument(q)
                    .output(Some(out.to_string()))
                    .lower();
                self.emit_at(ev, call);
            }
            // The command's stdout is the call's value.
            let end = self.sink.items.len();
            for e in &mut self.sink.items[from.min(end)..end] {
                if e.output.is_none()
                    && matches!(
                        e.op,
                        Op::FileRead
                            | Op::EnvDump
                            | Op::EnvRead
                            | Op::KeychainRead
                            | Op::NetFetch
                            | Op::SysInfo
                            | Op::ClipboardRead
                    )
                {
                    e.output = Some(out.to_string());
                    if e.op != Op::NetFetch && (e.scope == R::Credentials || e.op == Op::EnvDump) {
                        self.secret_binds.insert(out.to_string());
                    }
                }
            }
        } else {
            let ev = ExecOp::new(ExecForm::Shell, snip(&text))
                .object("shell command built at runtime")
                .instrument(q)
                .shell(true)
                .inputs(inputs.clone())
                .output(Some(out.to_string()))
                .computed(v.computed)
                .lower();
            self.emit_at(ev, call);
            let literal: String = text
                .split(|c: char| c.is_whitespace())
                .filter(|w| !w.starts_with('$'))
                .collect();
            if literal.chars().any(|c| c.is_ascii_alphabetic()) {
                self.nested(Lang::Shell, &text, v, at, self.src.origin);
            }
        }
        self.flow_checks(&inputs, call, q);
    }

    /// `spawn(file, [args], opts)`: an argv.
    pub(super) fn argv(
        &mut self,
        q: &str,
        args: &[Arg<'t>],
        n: Node<'t>,
        want: Option<&str>,
    ) -> V<'t> {
        let start = self.sink.items.len();
        let out = self.out_name(want, n);
        let Some(a0) = args.first() else {
            return V::default();
        };
        let mut elems: Vec<(V<'t>, Node<'t>)> = vec![(a0.v.clone(), a0.n)];
        if let Some(a1) = args.get(1) {
            match &a1.v.k {
                K::Arr(a) => {
                    for e in a.iter() {
                        elems.push((e.clone(), a1.n));
                    }
                }
                _ if a1.v.prop("stdio").is_none() && !matches!(a1.v.r, Ref::Obj(_)) => {
                    elems.push((a1.v.clone(), a1.n));
                }
                _ => {}
            }
        }
        let words: Vec<Word> = elems
            .iter()
            .map(|(v, node)| {
                let (value, dynamic) = self.to_text(v, *node);
                Word {
                    value,
                    dynamic,
                    reads: v.binds.clone(),
                    start: node.start_byte(),
                    end: node.end_byte(),
                }
            })
            .collect();
        let inputs: Vec<String> = elems.iter().flat_map(|(v, _)| v.binds.clone()).collect();
        if truthy(opt(args, 1, "shell")) {
            let joined = words
                .iter()
                .map(|w| w.value.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let v = V {
                k: K::Str(Rc::from(joined.as_str())),
                dynamic: words.iter().any(|w| w.dynamic),
                binds: inputs.clone(),
                computed: elems.iter().any(|(v, _)| v.computed),
                decoded: elems.iter().any(|(v, _)| v.decoded),
                ..V::default()
            };
            self.run_command(q, &v, a0.n, n, &out);
        } else {
            let mut evs = Vec::new();
            let cx = ArgvCx {
                pipe_out: Some(out.clone()),
                ..ArgvCx::default()
            };
            shell::analyze_argv(&words, &cx, &mut evs);
            for mut ev in evs {
                if ev.instrument.is_empty() {
                    ev.instrument = q.to_string();
                }
                if elems.iter().any(|(v, _)| v.computed || v.decoded) {
                    ev.tags.insert(Tag::Obfuscated);
                }
                self.emit_at(ev, n);
            }
            self.inline_code(&elems, &words);
            self.flow_checks(&inputs, n, q);
        }
        // `stdio: [sock, sock, sock]` wires the process to a socket.
        if let Some(s) = opt(args, 1, "stdio")
            && let Some(t) = s
                .binds
                .iter()
                .find_map(|b| self.socket_binds.get(b))
                .cloned()
        {
            let mut call = NetCall::new(NetKind::ShellOverSocket, t)
                .object("process wired to a socket")
                .instrument(q);
            call.tag_url = false;
            self.emit_at(call.lower().1, n);
        }
        self.proc_opts(args, 1, start);
        let prog = words.first().map(|w| w.value.clone()).unwrap_or_default();
        self.chan_v(ChanKind::Proc, &prog, out, start)
    }

    /// `bash -c '...'`, `python -c`, `node -e`, `powershell ...` in an argv.
    fn inline_code(&mut self, elems: &[(V<'t>, Node<'t>)], words: &[Word]) {
        let Some(first) = words.first() else { return };
        let prog = shell::basename(&first.value).to_lowercase();
        let prog = prog.trim_end_matches(".exe");
        if matches!(prog, "powershell" | "pwsh" | "cmd") {
            // The PowerShell extractor reads the whole command line
            // (including `-EncodedCommand`).
            let line = words
                .iter()
                .map(|w| w.value.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let (v, node) = &elems[0];
            let mut v = v.clone();
            v.plain = false;
            v.span = None;
            self.nested(Lang::PowerShell, &line, &v, *node, self.src.origin);
            return;
        }
        // Round 31: behind `sudo`/`env`/`nohup` too, as the shell reads it.
        let all: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
        let at = crate::extract::shell::unwrap_wrappers(&all)
            .1
            .min(words.len());
        let values: Vec<&str> = all[at..].iter().map(String::as_str).collect();
        let Some((lang, i)) = crate::extract::interp::code_arg(&values) else {
            return;
        };
        let i = i + at;
        let values: Vec<&str> = all.iter().map(String::as_str).collect();
        let w = &words[i];
        // A template literal with `${…}` whose value is unknown (round 18:
        // `node -e` code built with `${JSON.stringify(p)}`): each unknown
        // part is the opaque word `$name`, and the rest is still read.
        let code = match w.dynamic {
            false => crate::extract::interp::code_text(&values, i),
            true => match crate::extract::interp::opaque_code(lang, &w.value) {
                Some(c) => c,
                None => return,
            },
        };
        let (v, node) = &elems[i.min(elems.len() - 1)];
        let origin = if v.decoded {
            Origin::Decoded
        } else {
            self.src.origin
        };
        self.nested(lang, &code, &v.clone(), *node, origin);
    }

    /// A glob module's pattern (round 33): the riskiest of a pattern list
    /// (`fg.sync(["src/**", "**/.env*"])`), under the `cwd` option when it
    /// is known (`{ cwd: os.homedir() }`).
    fn glob_pattern(&self, args: &[Arg]) -> Option<String> {
        let a = args.first()?;
        let pat = match &a.v.k {
            K::Arr(items) => {
                let vals: Vec<String> = items
                    .iter()
                    .filter_map(|v| v.lit().map(str::to_string))
                    .collect();
                crate::extract::indicators::riskiest(&vals)?
            }
            _ => a.v.lit()?.to_string(),
        };
        let cwd = args
            .get(1)
            .and_then(|o| o.v.prop("cwd"))
            .and_then(|c| c.lit().map(str::to_string));
        Some(match cwd {
            Some(c) if !pat.starts_with('/') && !pat.starts_with('~') => {
                format!(
                    "{}/{}",
                    c.trim_end_matches('/'),
                    pat.trim_start_matches("./")
                )
            }
            _ => pat,
        })
    }

    fn path_arg(&self, args: &[Arg]) -> (String, Vec<String>) {
        match args.first() {
            Some(a) => (self.to_text(&a.v, a.n).0, a.v.binds.clone()),
            None => (String::new(), Vec::new()),
        }
    }

    /// `transport.sendMail({ to, text, attachments: [{ path }] })`: a
    /// send to the recipient carrying every field's bindings; each
    /// attachment's `path` is a file read whose content goes out with it.
    pub(super) fn mail_send(
        &mut self,
        q: &str,
        args: &[Arg],
        n: Node,
        want: Option<&str>,
    ) -> V<'t> {
        let Some(msg) = args.first() else {
            return V::default();
        };
        let to = msg
            .v
            .prop("to")
            .map(|v| self.to_text(v, n).0)
            .unwrap_or_else(|| "$_".into());
        let mut inputs = msg.v.binds.clone();
        if let Some(K::Arr(items)) = msg.v.prop("attachments").map(|a| &a.k) {
            for item in items.iter() {
                let Some(path) = item.prop("path").map(|p| self.to_text(p, n).0) else {
                    continue;
                };
                let bind = self.src.pos_bind("attach", n.start_byte() + inputs.len());
                let ev = FsOp::new(FsKind::Read, path)
                    .object("file attached to an e-mail")
                    .instrument(q)
                    .output(Some(bind.clone()))
                    .lower();
                self.emit_at(ev, n);
                inputs.push(bind);
            }
        }
        let call = NetCall::new(NetKind::Send, format!("mailto:{to}"))
            .object("data sent by e-mail")
            .instrument(q)
            .inputs(inputs);
        self.emit_bound(call.lower().1, n, want)
    }

    pub(super) fn file_read(
        &mut self,
        q: &str,
        args: &[Arg],
        n: Node,
        want: Option<&str>,
    ) -> V<'t> {
        let (mut path, binds) = self.path_arg(args);
        let out = self.out_name(want, n);
        let last = q.rsplit('.').next().unwrap_or(q);
        let glob = kind_of("javascript-module", q) == Some(FsKind::List);
        if glob {
            path = self.glob_pattern(args).unwrap_or(path);
        }
        let fs = if glob || kind_of("javascript", last) == Some(FsKind::List) {
            FsOp::new(FsKind::List, path).object("directory listing")
        } else {
            FsOp::new(FsKind::Read, path)
        };
        let ev = fs
            .instrument(q)
            .inputs(binds)
            .output(Some(out.clone()))
            .lower();
        let i = self.emit_at(ev, n);
        V {
            binds: vec![out],
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    pub(super) fn file_write(
        &mut self,
        q: &str,
        args: &[Arg],
        n: Node,
        want: Option<&str>,
    ) -> V<'t> {
        let (path, mut binds) = self.path_arg(args);
        if q.ends_with("createWriteStream") {
            let out = self.out_name(want, n);
            let ev = FsOp::new(FsKind::Write, path.clone())
                .object("file opened for writing")
                .instrument(q)
                .inputs(binds)
                .lower();
            let i = self.emit_at(ev, n);
            return self.chan_v(ChanKind::WriteStream, &path, out, i);
        }
        let mut inputs = Vec::new();
        if let Some(data) = args.get(1) {
            if data.v.env_obj {
                inputs.push(self.env_dump(n, None));
            }
            inputs.extend(data.v.binds.iter().cloned());
        }
        inputs.append(&mut binds);
        let target = path.clone();
        let ev = FsOp::new(FsKind::Write, path)
            .instrument(q)
            .inputs(inputs)
            .lower();
        let i = self.emit_at(ev, n);
        if let Some(data) = args.get(1) {
            let (text, dynamic) = self.to_text(&data.v, data.n);
            let span = (data.n.start_byte(), data.n.end_byte());
            // Round 34: text returned by a function of this file
            // (`writeFileSync(hook, hookBody())`): read once every
            // function has been walked (`read_returned_writes`).
            let called = data
                .v
                .ev
                .and_then(|(a, _)| self.sink.items.get(a))
                .filter(|e| {
                    dynamic && e.op == crate::evidence::Op::CallLocal && data.v.str().is_none()
                });
            if let Some(call) = called {
                let key = call.target.clone();
                self.returned_writes.push((i, key, target.clone(), span));
            } else {
                self.read_written(i, &target, text, dynamic, data.v.decoded, span);
            }
        }
        V {
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    /// What a write puts where it runs later: code of a helper file's
    /// language (round 25, `persisted::read_written_helper`), or text at a
    /// place that runs it (an rc file, a crontab, a git hook:
    /// `persisted::read_planted`).
    fn read_written(
        &mut self,
        i: usize,
        target: &str,
        text: String,
        dynamic: bool,
        decoded: bool,
        span: (usize, usize),
    ) {
        let planted = self
            .sink
            .items
            .get(i)
            .is_some_and(crate::extract::persisted::plants);
        if !planted {
            if !dynamic || text.len() >= 16 {
                let src = self.src;
                if let Some(why) = crate::extract::persisted::read_written_helper(
                    src,
                    self.sink,
                    target,
                    &text,
                    span,
                    &mut self.plant_budget,
                ) {
                    let name = target.rsplit(['/', '\\']).next().unwrap_or(target);
                    self.helpers.push((name.to_string(), span, why));
                }
            }
            return;
        }
        let code = match dynamic {
            false => Some(text),
            true => crate::extract::interp::opaque_code(Lang::Shell.into(), &text),
        };
        if let Some(code) = code {
            let src = self.src;
            crate::extract::persisted::read_planted(
                src,
                self.sink,
                &code,
                span,
                &[i],
                decoded,
                true,
                &mut self.plant_budget,
            );
        }
    }

    /// Round 34: writes whose text a function of this file returns, read
    /// after every function was walked (`fn_texts`).
    pub(super) fn read_returned_writes(&mut self) {
        for (i, key, target, span) in std::mem::take(&mut self.returned_writes) {
            let Some(Some(v)) = self.fn_texts.get(&key) else {
                continue;
            };
            let Some(text) = v.str().map(str::to_string) else {
                continue;
            };
            let (dynamic, decoded) = (v.dynamic, v.decoded);
            self.read_written(i, &target, text, dynamic, decoded, span);
        }
    }

    pub(super) fn file_delete(&mut self, q: &str, args: &[Arg], n: Node) -> V<'t> {
        let (path, binds) = self.path_arg(args);
        let last = q.rsplit('.').next().unwrap_or(q);
        let whole = api_of("javascript-module", q)
            .or_else(|| api_of("javascript", last))
            .is_some_and(|a| a.recursive);
        let ev = FsOp::new(FsKind::Delete, path)
            .recursive(whole || truthy(opt(args, 1, "recursive")))
            .force(truthy(opt(args, 1, "force")))
            .instrument(q)
            .inputs(binds)
            .lower();
        let i = self.emit_at(ev, n);
        V {
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    pub(super) fn chmod(&mut self, q: &str, args: &[Arg], n: Node) -> V<'t> {
        let (path, binds) = self.path_arg(args);
        let last = q.rsplit('.').next().unwrap_or(q);
        let mut fs = FsOp::new(kind_of("javascript", last).unwrap_or(FsKind::Chmod), path)
            .instrument(q)
            .inputs(binds);
        let mode = args.get(1).and_then(|a| match a.v.lit() {
            Some(s) => u32::from_str_radix(s.trim_start_matches("0o"), 8).ok(),
            None => a.v.num().map(|x| x as u32),
        });
        if fs.kind == FsKind::Chmod {
            if let Some(m) = mode {
                fs.tags = crate::extract::fs_op::mode_tags(&format!("0o{m:o}"));
                fs.mode = Some(format!("{m:o}"));
            }
        }
        let i = self.emit_at(fs.lower(), n);
        V {
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    pub(super) fn copy(&mut self, q: &str, args: &[Arg], n: Node) -> V<'t> {
        let start = self.sink.items.len();
        let (from, binds) = self.path_arg(args);
        let to = args
            .get(1)
            .map(|a| self.to_text(&a.v, a.n).0)
            .unwrap_or_default();
        let b = self.src.pos_bind("copy", n.start_byte());
        let evs = FsOp::copy(from, to)
            .instrument(q)
            .inputs(binds)
            .output(Some(b))
            .lower_copy();
        for ev in evs {
            self.emit_at(ev, n);
        }
        V {
            ev: Some((start, self.sink.items.len())),
            ..V::default()
        }
    }

    /// HTTP clients: GET is a request, a method with a body or any body is
    /// a transfer of the bindings in the body, headers and URL.
    pub(super) fn http(&mut self, q: &str, args: &[Arg], n: Node, want: Option<&str>) -> V<'t> {
        let last = q.rsplit('.').next().unwrap_or(q);
        let verb = |s: &str| {
            matches!(
                s,
                "get" | "post" | "put" | "patch" | "delete" | "head" | "options"
            )
        };
        let first_obj = args.first().is_some_and(|a| matches!(a.v.r, Ref::Obj(_)));
        let (url_v, url_node, cfg, data): (Option<V>, Option<Node>, Option<&V>, Option<&V>) =
            if first_obj {
                let c = &args[0].v;
                (
                    c.prop("url").or_else(|| c.prop("uri")).cloned(),
                    Some(args[0].n),
                    Some(c),
                    None,
                )
            } else {
                let url = args.first().map(|a| a.v.clone());
                let node = args.first().map(|a| a.n);
                let with_data = matches!(last, "post" | "put" | "patch")
                    && !q.starts_with("got")
                    && !q.starts_with("ky")
                    && !q.starts_with("superagent");
                if with_data {
                    (
                        url,
                        node,
                        args.get(2).map(|a| &a.v),
                        args.get(1).map(|a| &a.v),
                    )
                } else {
                    (url, node, args.get(1).map(|a| &a.v), None)
                }
            };
        let cfg = cfg.filter(|c| matches!(c.r, Ref::Obj(_)));
        // URL text.
        let mut url = match (&url_v, url_node) {
            (Some(v), Some(node)) => self.to_text(v, node).0,
            _ => String::new(),
        };
        if let Some(c) = cfg {
            let host = c.prop("hostname").or_else(|| c.prop("host"));
            if (url.is_empty() || first_obj && url_v.is_none())
                && let Some(h) = host.and_then(|h| h.lit())
            {
                let scheme = if q.starts_with("https") {
                    "https"
                } else {
                    "http"
                };
                let port = c
                    .prop("port")
                    .and_then(|p| p.num())
                    .map(|p| format!(":{}", num_str(p)))
                    .unwrap_or_default();
                let path = c.prop("path").and_then(|p| p.lit()).unwrap_or("/");
                url = format!("{scheme}://{h}{port}{path}");
            }
            if let Some(base) = c.prop("baseURL").and_then(|b| b.lit())
                && !url.contains("://")
            {
                url = format!("{}{url}", base.trim_end_matches('/'));
            }
        }
        if url.is_empty() {
            url = "$_".into();
        }
        let method = if verb(last) && q != "fetch" {
            last.to_uppercase()
        } else {
            cfg.and_then(|c| c.prop("method"))
                .and_then(|m| m.lit())
                .unwrap_or("GET")
                .to_uppercase()
        };
        let mut bodies: Vec<&V> = Vec::new();
        if let Some(dv) = data {
            bodies.push(dv);
        }
        if let Some(c) = cfg {
            for k in ["body", "data", "json", "form", "formData", "files"] {
                if let Some(b) = c.prop(k) {
                    bodies.push(b);
                }
            }
        }
        let sends = matches!(method.as_str(), "POST" | "PUT" | "PATCH") || !bodies.is_empty();
        let mut inputs: Vec<String> = Vec::new();
        let push = |inputs: &mut Vec<String>, b: &[String]| {
            for x in b {
                if !inputs.contains(x) {
                    if inputs.len() < 2 * MAX_BINDS {
                        inputs.push(x.clone());
                    } else {
                        let any = crate::evidence::ANY_BINDING.to_string();
                        if !inputs.contains(&any) {
                            inputs.push(any);
                        }
                    }
                }
            }
        };
        let env = bodies.iter().any(|b| b.env_obj);
        if env {
            let b = self.env_dump(n, None);
            inputs.push(b);
        }
        for b in &bodies {
            push(&mut inputs, &b.binds);
        }
        if let Some(c) = cfg {
            for k in ["headers", "params", "searchParams", "qs", "query", "auth"] {
                if let Some(h) = c.prop(k) {
                    push(&mut inputs, &h.binds);
                }
            }
        }
        if let Some(u) = &url_v {
            push(&mut inputs, &u.binds);
        }
        let out = self.out_name(want, n);
        let call = NetCall::http(sends, url.clone())
            .instrument(q)
            .inputs(inputs)
            .output(Some(out.clone()));
        let i = self.emit_at(call.lower().1, n);
        if q.starts_with("http") {
            let v = self.chan_v(ChanKind::HttpReq, &url, out, i);
            if let Ref::Chan(c) = &v.r {
                c.borrow_mut().method = method;
            }
            return v;
        }
        V {
            binds: vec![out],
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    pub(super) fn dns(&mut self, q: &str, args: &[Arg], n: Node, want: Option<&str>) -> V<'t> {
        let last = q.rsplit('.').next().unwrap_or(q);
        if !(last == "lookup" || last.starts_with("resolve") || last == "reverse") {
            return V::default();
        }
        let Some(a) = args.first() else {
            return V::default();
        };
        let (name, dynamic) = self.to_text(&a.v, a.n);
        // Data smuggled in the labels (`${hex}.t.example`), not a host the
        // user gave (`new URL(u).hostname`).
        let computed = (dynamic || !a.v.binds.is_empty() || a.v.computed)
            && crate::extract::net_send::lookup_name_computed(
                self.src.text,
                self.t(a.n),
                a.n.start_byte(),
                &a.v.binds,
            );
        let out = self.out_name(want, n);
        let mut call = NetCall::new(NetKind::Dns, name)
            .instrument(q)
            .inputs(a.v.binds.clone())
            .output(Some(out.clone()));
        call.computed = computed;
        call.tag_url = false;
        let i = self.emit_at(call.lower().1, n);
        V {
            binds: vec![out],
            ev: Some((i, i + 1)),
            ..V::default()
        }
    }

    pub(super) fn socket_new(
        &mut self,
        q: &str,
        args: &[Arg],
        n: Node,
        want: Option<&str>,
    ) -> V<'t> {
        let (url, binds) = self.path_arg(args);
        let out = self.out_name(want, n);
        let call = NetCall::new(NetKind::Connect, url.clone())
            .object("persistent socket")
            .instrument(q)
            .inputs(binds)
            .output(Some(out.clone()));
        let i = self.emit_at(call.lower().1, n);
        self.chan_v(ChanKind::Socket, &url, out, i)
    }

    pub(super) fn dyn_code(
        &mut self,
        q: &str,
        code: Option<&Arg<'t>>,
        n: Node<'t>,
        want: Option<&str>,
    ) -> V<'t> {
        let out = self.out_name(want, n);
        let (text, dynamic, v) = match code {
            Some(a) => {
                let (t, dy) = self.to_text(&a.v, a.n);
                (t, dy, Some((a.v.clone(), a.n)))
            }
            None => (String::new(), true, None),
        };
        let inputs = v.as_ref().map(|(v, _)| v.binds.clone()).unwrap_or_default();
        let decoded = v.as_ref().is_some_and(|(cv, _)| cv.decoded);
        let ev = ExecOp::new(ExecForm::Code, snip(&text))
            .object(match q {
                "eval" => "eval of code",
                "Function" => "function built from a string",
                _ => "code run in a VM context",
            })
            .instrument(q)
            .computed(decoded || v.as_ref().is_some_and(|(cv, _)| cv.computed))
            .encoded(decoded)
            .inputs(inputs.clone())
            .output(Some(out.clone()))
            .lower();
        let i = self.emit_at(ev, n);
        self.flow_checks(&inputs, n, q);
        if let Some((cv, node)) = v
            && !dynamic
            && cv.str().is_some()
            && cv.analysed != Some(Lang::JavaScript)
        {
            let origin = if cv.decoded {
                Origin::Decoded
            } else {
                self.src.origin
            };
            self.nested(Lang::JavaScript, &text, &cv, node, origin);
        }
        V {
            binds: vec![out],
            ev: Some((i, self.sink.items.len())),
            ..V::default()
        }
    }

    pub(super) fn timer(&mut self, q: &str, args: &mut [Arg<'t>], n: Node<'t>, d: usize) -> V<'t> {
        let start = self.sink.items.len();
        let mut keys = Vec::new();
        if let Some(a) = args.first_mut() {
            if let Some(f) = a.func.take() {
                self.walk_fn(f, None, None, d + 1);
            } else if let Ref::Local(k) = &a.v.r {
                keys.push(k.clone());
                let k = k.clone();
                self.call_local(&k, &[], n, None);
            } else if a.v.str().is_some() || !a.v.binds.is_empty() {
                let a0 = Arg {
                    n: a.n,
                    v: a.v.clone(),
                    func: None,
                };
                self.dyn_code(q, Some(&a0), n, None);
            }
        }
        let delay = args.get(1).and_then(|a| a.v.num()).unwrap_or(0.0);
        if q == "setTimeout" && delay >= 60_000.0 {
            let ev = Evidence::new(
                Op::Sleep,
                A::UpdateState,
                R::Process,
                format!("{} ms", num_str(delay)),
            )
            .object("long delay before running code")
            .instrument(q)
            .tag(Tag::DateGate);
            self.emit_at(ev, n);
        }
        if q == "setInterval" {
            let end = self.sink.items.len();
            let hits: Vec<usize> = (start..end)
                .filter(|i| net_or_exec(&self.sink.items[*i]))
                .collect();
            let loop_ev = Evidence::new(Op::Loop, A::CallTool, R::Process, "setInterval")
                .object("network or process activity repeated forever")
                .instrument(q)
                .tag(Tag::Unbounded);
            if !hits.is_empty() {
                for i in hits {
                    self.sink.items[i].tags.insert(Tag::Unbounded);
                }
                self.emit_at(loop_ev, n);
            } else if !keys.is_empty() {
                for e in &mut self.sink.items[start.min(end)..end] {
                    e.tags.insert(Tag::Unbounded);
                }
                let mut ev = loop_ev;
                for g in &self.gates {
                    ev.tags.insert(*g);
                }
                let ev = self.src.at(ev, n.start_byte(), n.end_byte(), LANG);
                self.pending.push(Pending {
                    ev,
                    keys,
                    net_only: true,
                });
            }
        }
        V::default()
    }

    /// `Buffer.from(x, 'base64')`, `atob(x)`: a decode step; a literal is
    /// decoded and its payload analysed again.
    pub(super) fn decode(
        &mut self,
        enc: &str,
        a: &Arg<'t>,
        n: Node<'t>,
        want: Option<&str>,
    ) -> V<'t> {
        let out = self.out_name(want, n);
        let mut ev = Evidence::new(Op::Decode, A::Infer, R::Memory, enc)
            .object(format!("{enc} decoding"))
            .instrument(if enc == "hex" {
                "Buffer.from hex"
            } else {
                "base64 decode"
            })
            .tag(Tag::Encoded);
        ev.inputs = a.v.binds.clone();
        ev.output = Some(out.clone());
        let i = self.emit_at(ev, n);
        let mut res = V {
            binds: vec![out],
            decoded: true,
            computed: true,
            ev: Some((i, i + 1)),
            ..V::default()
        };
        res.add_binds(&a.v.binds);
        let Some(lit) = a.v.lit() else { return res };
        let bytes = if enc == "hex" {
            crate::extract::deobf::hex(lit)
        } else {
            crate::extract::deobf::b64(lit)
        };
        let Some(bytes) = bytes else { return res };
        if bytes.len() > crate::limits::MAX_DECODED_BYTES {
            return res;
        }
        let (s, _) = crate::text::decode_lossy(&bytes);
        res.k = K::Str(Rc::from(s.as_str()));
        res.span = a.v.span.or(Some((a.n.start_byte(), a.n.end_byte())));
        if printable(&s) {
            let lang = Lang::sniff(&s).unwrap_or(Lang::JavaScript);
            res.analysed = Some(lang);
            let pv = res.clone();
            self.nested(lang, &s, &pv, a.n, Origin::Decoded);
        }
        res
    }
}
