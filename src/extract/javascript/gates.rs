//! Control flow and resource shapes: date/host/CI gates, loops, and the
//! CPU-sized workers and proof-of-work loops of crypto mining.

use super::walk::is_web_store;
use super::*;

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    // ---- control flow ---------------------------------------------------

    /// A condition that checks the date, the host or the CI environment.
    pub(super) fn gate_text(&self, cond: Node) -> Option<Tag> {
        let c = self.t(cond);
        crate::extract::gates::gate_of(c, reads_now_js, &self.times)
            .or_else(|| self.calls_evasion_fn(c).then_some(Tag::EnvGate))
    }

    /// Whether a condition calls one of the file's sandbox probes
    /// (`if (s.runs < 3 || isQuiet()) return;`).
    fn calls_evasion_fn(&self, cond: &str) -> bool {
        self.evasion_fns.iter().any(|f| {
            cond.match_indices(f.as_str()).any(|(i, _)| {
                word_at(cond, i, f.len()) && cond[i + f.len()..].trim_start().starts_with('(')
            })
        })
    }

    /// The gate of a guard clause: an `if` without `else` whose branch
    /// only leaves (`return`, `throw`, `process.exit()`), on a gate
    /// condition. What follows it runs only when the gate lets it.
    pub(super) fn guard_clause(&self, n: Node<'t>) -> Option<(Tag, String)> {
        if n.kind_name() != "if_statement" || n.child_by_field_name("alternative").is_some() {
            return None;
        }
        let cons = n.child_by_field_name("consequence")?;
        let body = self.t(cons).trim().trim_start_matches('{').trim_start();
        let leaves = ["return", "throw", "process.exit(", "continue"]
            .iter()
            .any(|w| body.starts_with(w));
        if !leaves || self.t(cons).len() > 400 {
            return None;
        }
        let cond = n.child_by_field_name("condition")?;
        let g = self.gate_text(cond)?;
        Some((g, self.t(cond).to_string()))
    }

    /// Runs `body` with a gate tag on everything it finds, then adds one
    /// trigger step at `anchor` when the gate guards something sensitive.
    pub(super) fn gated(&mut self, g: Tag, anchor: Node, cond: &str, body: impl FnOnce(&mut Self)) {
        let start = self.sink.items.len();
        self.gates.push(g);
        body(self);
        self.gates.pop();
        let end = self.sink.items.len();
        let items = &self.sink.items[start.min(end)..end];
        let direct = items.iter().any(sensitive);
        let keys: Vec<String> = items
            .iter()
            .filter(|e| e.op == Op::CallLocal)
            .map(|e| e.target.clone())
            .collect();
        if !direct && keys.is_empty() {
            return;
        }
        let ev = Evidence::new(
            Op::Trigger,
            A::Compare,
            R::Other,
            crate::text::snippet(cond, 120),
        )
        .object(match g {
            Tag::DateGate => "date-gated activation",
            Tag::EnvGate => "environment-gated activation",
            _ => "first-run activation",
        })
        .instrument("if")
        .tag(g);
        let cond_end = anchor.start_byte() + cond.len().min(400) + 4;
        if direct {
            self.emit(ev, anchor.start_byte(), cond_end.min(anchor.end_byte()));
        } else {
            let mut ev = ev;
            for t in &self.gates {
                ev.tags.insert(*t);
            }
            let ev = self.src.at(
                ev,
                anchor.start_byte(),
                cond_end.min(anchor.end_byte()),
                LANG,
            );
            self.pending.push(Pending {
                ev,
                keys,
                net_only: false,
            });
        }
    }

    pub(super) fn if_stmt(&mut self, n: Node<'t>, d: usize) {
        let cond = n.child_by_field_name("condition");
        let cv = match cond {
            Some(c) => self.ev(c, None, d + 1),
            None => V::default(),
        };
        let gate = cv.gate.or_else(|| cond.and_then(|c| self.gate_text(c)));
        let cons = n.child_by_field_name("consequence");
        let alt = n.child_by_field_name("alternative");
        let run = |cx: &mut Self| {
            if let Some(c) = cons {
                cx.ev(c, None, d + 1);
            }
            if let Some(a) = alt {
                cx.ev(a, None, d + 1);
            }
        };
        match gate {
            Some(g) => {
                let ct = cond.map(|c| self.t(c)).unwrap_or("").to_string();
                self.gated(g, n, &ct, run);
            }
            None => run(self),
        }
    }

    /// The element a `for (const p of [a, b])` loop variable stands for
    /// first: the riskiest known string of the array (a credential, a broad
    /// path), else the first; unknown for `for … in` (keys) and other
    /// iterables. The other known strings are the further values its body
    /// is walked with (`value_set`).
    fn element_of(&self, n: Node<'t>, rv: &V<'t>) -> (V<'t>, Vec<V<'t>>) {
        let of = n
            .child_by_field_name("operator")
            .is_some_and(|o| self.t(o) == "of");
        if let (true, K::Arr(items)) = (of, &rv.k)
            && items
                .iter()
                .any(|v| matches!(v.k, K::Arr(_)) || matches!(v.r, Ref::Obj(_)))
        {
            return rows_of(items);
        }
        let first = self.first_element(n, rv);
        let (true, K::Arr(items)) = (of, &rv.k) else {
            return (first, Vec::new());
        };
        let strs: Vec<String> = items
            .iter()
            .filter_map(|v| v.lit().map(str::to_string))
            .collect();
        let more = crate::extract::value_set::iterations(&strs, first.lit()).0;
        let more = more
            .iter()
            .filter_map(|m| items.iter().find(|v| v.lit() == Some(m.as_str())))
            .map(|v| V {
                binds: Vec::new(),
                ev: None,
                ..v.clone()
            })
            .collect();
        (first, more)
    }

    fn first_element(&self, n: Node<'t>, rv: &V<'t>) -> V<'t> {
        let of = n
            .child_by_field_name("operator")
            .is_some_and(|o| self.t(o) == "of");
        let K::Arr(items) = &rv.k else {
            return V::default();
        };
        if !of {
            return V::default();
        }
        let strs: Vec<String> = items
            .iter()
            .filter_map(|v| v.lit().map(str::to_string))
            .collect();
        let Some(pick) = crate::extract::indicators::riskiest(&strs) else {
            return V::default();
        };
        items
            .iter()
            .find(|v| v.lit() == Some(pick.as_str()))
            .map(|v| V {
                binds: Vec::new(),
                ev: None,
                ..v.clone()
            })
            .unwrap_or_default()
    }

    /// The body of a `for … of` loop walked once more per further element
    /// of its array, keeping only what those walks add (`value_set`).
    fn loop_again(&mut self, n: Node<'t>, further: Vec<V<'t>>, first: usize, d: usize) {
        if further.is_empty() {
            return;
        }
        let vals: Vec<String> = further.iter().filter_map(row_key_of).collect();
        let keep = self.walks.take(vals).len();
        let (Some(l), Some(b)) = (n.child_by_field_name("left"), n.child_by_field_name("body"))
        else {
            return;
        };
        for el in further.into_iter().take(keep) {
            self.bind_pattern(l, &el, n, d);
            let from = self.sink.items.len();
            self.loops.push((Frame::Loop, false));
            self.ev(b, None, d + 1);
            self.loops.pop();
            crate::extract::value_set::drop_repeats(&mut self.sink.items, first, from);
        }
    }

    /// `ARR.forEach((x) => …)` (and `map`, `filter`, …) over a known
    /// array: the callback walked once per element as a `for … of` loop
    /// would be (strings by risk, rows by `value_set::row_order`), its
    /// first parameter bound to the element.
    /// Walks callback `f` once per chosen element of `items`; gives back
    /// the values an expression-bodied callback returned (`.map`'s array).
    pub(super) fn each_element(
        &mut self,
        f: Node<'t>,
        items: &[V<'t>],
        binds: &[String],
        d: usize,
    ) -> Vec<V<'t>> {
        let rows = items
            .iter()
            .any(|v| matches!(v.k, K::Arr(_)) || matches!(v.r, Ref::Obj(_)));
        let (first, further) = if rows {
            rows_of(items)
        } else {
            let strs: Vec<String> = items
                .iter()
                .filter_map(|v| v.lit().map(str::to_string))
                .collect();
            let pick = crate::extract::indicators::riskiest(&strs);
            let more = crate::extract::value_set::iterations(&strs, pick.as_deref()).0;
            let find = |s: &str| items.iter().find(|v| v.lit() == Some(s)).cloned();
            (
                pick.as_deref().and_then(find).unwrap_or_default(),
                more.iter().filter_map(|m| find(m)).collect(),
            )
        };
        let start = self.sink.items.len();
        let keys: Vec<String> = further.iter().filter_map(row_key_of).collect();
        let keep = self.walks.take(keys).len();
        let mut results = Vec::new();
        for (i, el) in std::iter::once(first)
            .chain(further.into_iter().take(keep))
            .enumerate()
        {
            let el = V {
                binds: binds.to_vec(),
                ..el
            };
            self.param_vals = vec![el];
            let from = self.sink.items.len();
            self.cb_result = None;
            self.walk_fn(f, None, Some(binds), d + 1);
            results.extend(self.cb_result.take());
            if i > 0 {
                crate::extract::value_set::drop_repeats(&mut self.sink.items, start, from);
            }
        }
        self.param_vals.clear();
        results
    }

    pub(super) fn loop_stmt(&mut self, n: Node<'t>, d: usize) {
        let kind = n.kind_name();
        let cond = n.child_by_field_name("condition");
        let infinite = match kind {
            "for_statement" => {
                cond.is_none_or(|c| {
                    let t = self.t(c).trim().trim_end_matches(';').trim();
                    t.is_empty() || t == "true" || t == "1" || t == "!0"
                }) || cond.is_some_and(|c| {
                    let t = self.t(c).trim().trim_end_matches(';').trim();
                    self.infinite_bound(t)
                })
            }
            "while_statement" | "do_statement" => cond.is_some_and(|c| {
                let t = self.t(c).replace([' ', '(', ')'], "");
                t == "true" || t == "1" || t == "!0" || t == "!false"
            }),
            _ => false,
        };
        let mut further: Vec<V<'t>> = Vec::new();
        if kind == "for_in_statement" {
            let right = n.child_by_field_name("right");
            let rv = right.map(|r| self.ev(r, None, d + 1)).unwrap_or_default();
            let mut rv = rv;
            if let (Ref::Api(q), Some(r)) = (&rv.r, right)
                && is_web_store(q)
            {
                let q = q.clone();
                rv = self.browser_read(&q, false, None, r);
            }
            if rv.env_obj {
                let b = self.env_dump(n, None);
                rv.binds.insert(0, b);
            }
            // `for (const r of roots)` over a parameter of the function: a
            // sink on `r` is the function's sink for each element.
            if let (Some(l), Some(r)) = (n.child_by_field_name("left"), right)
                && l.kind_name() == "identifier"
                && r.kind_name() == "identifier"
                && self.fn_params.iter().any(|p| p == self.t(r))
            {
                let pair = (self.t(l).to_string(), self.t(r).to_string());
                self.each_param.push(pair);
            }
            if let Some(l) = n.child_by_field_name("left") {
                let (el, more) = self.element_of(n, &rv);
                let el = V {
                    binds: rv.binds.clone(),
                    gate: rv.gate,
                    ..el
                };
                self.bind_pattern(l, &el, n, d);
                further = more
                    .into_iter()
                    .map(|m| V {
                        binds: rv.binds.clone(),
                        gate: rv.gate,
                        ..m
                    })
                    .collect();
            }
        } else {
            for f in ["initializer", "condition", "increment"] {
                if let Some(c) = n.child_by_field_name(f) {
                    if kind == "for_statement" && f == "initializer" {
                        self.stmt(c, false, d + 1);
                    } else {
                        self.ev(c, None, d + 1);
                    }
                }
            }
        }
        let start = self.sink.items.len();
        let hashes = self.hash_calls;
        self.loops.push((Frame::Loop, false));
        if let Some(b) = n.child_by_field_name("body") {
            self.ev(b, None, d + 1);
        }
        let exited = match self.loops.pop() {
            Some((Frame::Loop, ex)) => ex,
            _ => true,
        };
        self.loop_again(n, further, start, d);
        if infinite && !exited {
            self.tag_range(start, &[Tag::Unbounded]);
            let hashing = self.hash_calls > hashes;
            let head = self.t(n);
            let head_len = head.find('{').unwrap_or(head.len()).min(200);
            let ev = Evidence::new(Op::Loop, A::CallTool, R::Process, "unbounded loop")
                .object(if hashing {
                    "hashing in an unbounded loop"
                } else {
                    "loop without exit"
                })
                .instrument(kind)
                .tag(Tag::Unbounded);
            self.emit(ev, n.start_byte(), n.start_byte() + head_len);
            if hashing {
                let span = (n.start_byte(), n.start_byte() + head_len);
                if self.hash_loops.len() < 8 {
                    self.hash_loops.push(span);
                }
                let body = n
                    .child_by_field_name("body")
                    .map(|b| self.t(b))
                    .unwrap_or("");
                if !self.pow && proof_of_work(body) {
                    self.pow = true;
                    let ev = Evidence::new(
                        Op::Mining,
                        A::CallTool,
                        R::Process,
                        "proof-of-work hashing loop",
                    )
                    .object("endless loop hashing an incremented nonce against a target (crypto mining)")
                    .instrument(kind)
                    .tag(Tag::Unbounded);
                    self.emit(ev, span.0, span.1);
                }
            }
        }
    }
}

/// An infinite count, written out.
static INF: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^(?:Infinity|Number\.POSITIVE_INFINITY|Number\.MAX_SAFE_INTEGER|Number\.MAX_VALUE)$",
);

/// Round 34: the names a file assigns an infinite default (`const rounds =
/// cfg.rounds || Infinity`, `?? Number.MAX_SAFE_INTEGER`): "0 means
/// forever". One pass over the file.
fn infinite_names(text: &str) -> Vec<String> {
    static DEFAULT: crate::rx::Lazy = crate::rx::Lazy::new(
        r"([A-Za-z_$][\w$]*)\s*=[^=;\n][^;\n]*(?:\|\||\?\?)\s*(?:Infinity|Number\.POSITIVE_INFINITY|Number\.MAX_SAFE_INTEGER|Number\.MAX_VALUE)\b",
    );
    if !(text.contains("Infinity")
        || text.contains("MAX_SAFE_INTEGER")
        || text.contains("MAX_VALUE"))
    {
        return Vec::new();
    }
    DEFAULT
        .captures_iter(text)
        .filter_map(|c| c.get(1).map(|m| m.as_str().to_string()))
        .collect()
}

impl Cx<'_, '_, '_> {
    /// Round 34: a count that never ends: `n < Infinity`, or `n < rounds`
    /// where the file gives `rounds` an infinite default.
    fn infinite_bound(&mut self, cond: &str) -> bool {
        let Some((_, right)) = cond.split_once('<') else {
            return false;
        };
        let right = right.trim_start_matches('=').trim();
        if INF.is_match(right) {
            return true;
        }
        let text = self.src.text;
        self.infinite_names
            .get_or_insert_with(|| infinite_names(text))
            .iter()
            .any(|n| n == right)
    }
}

impl<'s, 'a, 't> Cx<'s, 'a, 't> {
    // ---- crypto mining ----------------------------------------------------

    /// Whether text sizes something by the CPU count.
    fn mentions_cpus(&self, t: &str) -> bool {
        CPU_COUNT.is_match(t)
            || self.cpu_vars.iter().any(|v| {
                t.match_indices(v.as_str())
                    .any(|(i, _)| word_at(t, i, v.len()))
            })
    }

    /// Records a worker or process started once per CPU core: inside a loop
    /// bounded by the CPU count, `os.cpus().forEach(..)`, or
    /// `Array.from({ length: os.cpus().length }, ..)`.
    pub(super) fn note_cpu_worker(&mut self, n: Node<'t>) {
        if self.cpu_workers.len() >= 8 {
            return;
        }
        let mut cur = n.parent();
        let mut hops = 0;
        while let Some(p) = cur {
            if hops > 24 {
                break;
            }
            hops += 1;
            let head = match p.kind_name() {
                "for_statement" | "while_statement" | "do_statement" => {
                    let end = p
                        .child_by_field_name("body")
                        .map(|b| b.start_byte())
                        .unwrap_or(p.end_byte());
                    let b = p.start_byte();
                    crate::text::slice(self.src.text, b, end)
                }
                "call_expression" => {
                    let f = p.child_by_field_name("function");
                    let ft = f.map(|f| self.t(f)).unwrap_or("");
                    let iterates =
                        ft.ends_with(".forEach") || ft.ends_with(".map") || ft == "Array.from";
                    if !iterates {
                        cur = p.parent();
                        continue;
                    }
                    // The receiver or the first (non-function) argument.
                    let first = p
                        .child_by_field_name("arguments")
                        .and_then(|a| named_children(a).into_iter().next())
                        .filter(|a| !is_fn(a.kind_name()))
                        .map(|a| self.t(a))
                        .unwrap_or("");
                    if self.mentions_cpus(ft) || ft == "Array.from" && self.mentions_cpus(first) {
                        self.cpu_workers.push((n.start_byte(), n.end_byte()));
                        return;
                    }
                    cur = p.parent();
                    continue;
                }
                "program" => break,
                _ => {
                    cur = p.parent();
                    continue;
                }
            };
            if self.mentions_cpus(head) {
                self.cpu_workers.push((n.start_byte(), n.end_byte()));
                return;
            }
            cur = p.parent();
        }
    }

    /// Mining from combined signals, once the file has been walked: a
    /// mining-pool endpoint (a `stratum+tcp://` URL anywhere; a ws/tcp URL
    /// with a pool host or a stratum port when the file also runs one worker
    /// per CPU or hashes in an endless loop).
    pub(super) fn mining(&mut self, masked: &str) {
        let mut stratum = None;
        let mut pool = None;
        for c in POOL_URL.captures_iter(masked) {
            let (Some(m), Some(scheme), Some(host)) = (c.get(0), c.get(1), c.get(2)) else {
                continue;
            };
            let scheme = scheme.as_str().to_ascii_lowercase();
            let port = c.get(3).and_then(|p| p.as_str().parse::<u32>().ok());
            if scheme.starts_with("stratum") {
                stratum.get_or_insert((m.start(), m.end(), m.as_str().to_string()));
                continue;
            }
            if pool_host(host.as_str()) || port.is_some_and(|p| STRATUM_PORTS.contains(&p)) {
                pool.get_or_insert((m.start(), m.end(), m.as_str().to_string()));
            }
        }
        if let Some((s, e, url)) = stratum {
            let ev = Evidence::new(Op::Mining, A::CallTool, R::Process, url).object("mining pool");
            self.emit(ev, s, e);
            return;
        }
        let Some((_, _, url)) = pool else {
            return;
        };
        let (span, object) = if let Some(w) = self.cpu_workers.first() {
            (*w, "one worker per CPU core fed by a mining pool")
        } else if let (Some(l), false) = (self.hash_loops.first(), self.pow) {
            (*l, "endless hashing loop fed by a mining pool")
        } else {
            return;
        };
        let ev = Evidence::new(Op::Mining, A::CallTool, R::Process, url).object(object);
        self.emit(ev, span.0, span.1);
    }
}

/// Ports mining pools listen on (stratum).
const STRATUM_PORTS: &[u32] = &[3333, 4444, 5555, 7777, 14444, 45700];

static CPU_COUNT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"cpus\(\)|availableParallelism\(\)|hardwareConcurrency");
static CPU_VAR: crate::rx::Lazy = crate::rx::Lazy::new(
    r"([A-Za-z_$][\w$]*)\s*=\s*[^;\n]{0,160}?(?:cpus\(\)|availableParallelism\(\)|hardwareConcurrency)",
);
static POOL_URL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(stratum(?:\+[a-z0-9]+)?|wss?|tcp|ssl|tls)://([a-z0-9.-]+)(?::(\d{2,5}))?",
);
static NONCE_INC: crate::rx::Lazy =
    crate::rx::Lazy::new(r"([A-Za-z_$][\w$]*)\s*(?:\+\+|\+=\s*1\b)|\+\+\s*([A-Za-z_$][\w$]*)");
static HASH_VAR: crate::rx::Lazy =
    crate::rx::Lazy::new(r"([A-Za-z_$][\w$]*)\s*=\s*[^;=\n]*\.digest\(");

/// Names assigned from the CPU count (bounded).
pub(super) fn cpu_vars(masked: &str) -> HashSet<String> {
    // The pattern's bounded gap makes a slow automaton: look for the
    // literal first (a few files in a thousand have one).
    if !["cpus()", "availableParallelism()", "hardwareConcurrency"]
        .iter()
        .any(|k| masked.contains(k))
    {
        return HashSet::new();
    }
    // Group 1 is the identifier the match starts with (`=` and spaces are
    // not identifier chars), so it is read off the match: captures would
    // run the slow engine over each match (on a minified file with long
    // identifier runs, 0.3 G instructions for one call).
    CPU_VAR
        .find_iter(masked)
        .map(|m| leading_ident(m.as_str()).to_string())
        .filter(|n| n.len() > 1 || n != "_")
        .take(16)
        .collect()
}

/// The identifier chars (`[0-9A-Za-z_$]`) at the start of `s`.
fn leading_ident(s: &str) -> &str {
    let n = s
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$'))
        .count();
    &s[..n]
}

/// `t[i..i+len]` is a whole identifier.
pub(super) fn word_at(t: &str, i: usize, len: usize) -> bool {
    let id = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    !t[..i].chars().next_back().is_some_and(id) && !t[i + len..].chars().next().is_some_and(id)
}

/// A host that names a mining pool: a label or dash-separated part that is
/// or ends with "pool" (`hash-pool.x`, `pool.x`, `xmrpool.x`).
fn pool_host(host: &str) -> bool {
    host.to_ascii_lowercase()
        .split(['.', '-'])
        .any(|p| p.ends_with("pool"))
}

/// The body of an endless hashing loop does proof-of-work: a counter is
/// incremented, fed to `.update(..)`, and the digest is compared with a
/// target (`h < target`, `h.startsWith("0000")`).
fn proof_of_work(body: &str) -> bool {
    let nonces: Vec<&str> = NONCE_INC
        .captures_iter(body)
        .filter_map(|c| c.get(1).or_else(|| c.get(2)).map(|m| m.as_str()))
        .take(8)
        .collect();
    if nonces.is_empty() {
        return false;
    }
    // The nonce reaches the hash input.
    let fed = body.match_indices(".update(").take(8).any(|(i, _)| {
        let rest = &body[i + 8..];
        let mut depth = 1i32;
        let end = rest
            .char_indices()
            .find(|(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map(|(j, _)| j)
            .unwrap_or(rest.len().min(200));
        let arg = &rest[..end];
        nonces
            .iter()
            .any(|n| arg.match_indices(n).any(|(k, _)| word_at(arg, k, n.len())))
    });
    if !fed {
        return false;
    }
    // The digest is compared with a target.
    let compared = |h: &str| {
        let re = crate::rx::build(&format!(
            r"(?:\b|\$){h}\s*(?:<=?|>=?)[^=<>]|[^=<>](?:<=?|>=?)\s*{h}\b|\b{h}\s*\.\s*(?:startsWith|slice|substring|substr|compare|readUInt32BE|readUInt32LE)\s*\(|\b{h}\s*\[\s*0\s*\]\s*===?",
            h = regex::escape(h)
        ));
        re.is_ok_and(|re| re.is_match(body))
    };
    let named = HASH_VAR
        .captures_iter(body)
        .filter_map(|c| c.get(1).map(|m| m.as_str()))
        .take(4)
        .any(compared);
    named
        || crate::rx::build(r"\.digest\([^)]*\)\s*(?:<=?|>=?|\.\s*startsWith\s*\()")
            .is_ok_and(|re| re.is_match(body))
}

/// The key of one element of an array of rows (`value_set::row_key`): a
/// string, or the known strings and numbers of an inner array or object.
fn row_key_of(v: &V) -> Option<String> {
    let part = |x: &V| {
        x.lit()
            .map(str::to_string)
            .or_else(|| x.num().map(|n| n.to_string()))
            .unwrap_or_default()
    };
    let parts: Vec<String> = match (&v.k, &v.r) {
        (K::Arr(a), _) => a.iter().map(part).collect(),
        (_, Ref::Obj(props)) => props.iter().map(|(_, x)| part(x)).collect(),
        _ => vec![part(v)],
    };
    parts
        .iter()
        .any(|p| !p.is_empty())
        .then(|| crate::extract::value_set::row_key(&parts))
}

/// A `for … of` over rows (`[['cfg', a], ['x', b]]`, inner arrays of char
/// codes, objects): the first row and the further rows, in the order of
/// `value_set::row_order` (shape 1 and 2 of the value matrix).
fn rows_of<'t>(items: &[V<'t>]) -> (V<'t>, Vec<V<'t>>) {
    let known: Vec<(usize, String)> = items
        .iter()
        .enumerate()
        .filter_map(|(i, v)| row_key_of(v).map(|k| (i, k)))
        .collect();
    let keys: Vec<String> = known.iter().map(|(_, k)| k.clone()).collect();
    let (first, more, _) = crate::extract::value_set::row_order(&keys);
    let clean = |i: usize| V {
        binds: Vec::new(),
        ev: None,
        ..items[known[i].0].clone()
    };
    (
        first.map(clean).unwrap_or_default(),
        more.into_iter().map(clean).collect(),
    )
}
