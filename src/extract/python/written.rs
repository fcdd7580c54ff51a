//! Text a Python program writes where it runs later (round 18): a string
//! written through a handle opened on a shell rc file, crontab, unit,
//! LaunchAgent or git hook (`with p.open("a") as fh: fh.write(_HELPER)`),
//! or given to `Path.write_text`, is the program of that place; the shared
//! reader (`persisted::read_planted`) analyses it in the place's language.

use super::{Ctx, Py};
use crate::extract::persisted;
use crate::extract::treesitter::KindName;
use tree_sitter::Node;

impl Py<'_, '_> {
    /// `name` (a `with … as name` or `name = open(…)` target) is a handle
    /// on what the steps from `before` on wrote, when one plants text.
    pub(super) fn note_planting(&mut self, name: &str, before: usize) {
        let writes: Vec<usize> = (before..self.sink.items.len())
            .filter(|&i| persisted::plants(&self.sink.items[i]))
            .collect();
        if writes.is_empty() {
            self.planting.remove(name);
        } else {
            self.planting.insert(name.to_string(), writes);
        }
    }

    /// `fh.write(TEXT)`, `fh.writelines([…])`, `print(TEXT, file=fh)` on a
    /// planting handle, or `p.write_text(TEXT)` that planted (the steps
    /// from `before` on): TEXT is read as the place's program.
    pub(super) fn written_text(
        &mut self,
        c: Node,
        method: &str,
        name: &str,
        obj: Option<Node>,
        arg0: Option<Node>,
        before: usize,
        _cx: &Ctx,
    ) {
        let handle = |s: &Self, n: Option<Node>| {
            n.filter(|o| o.kind_name() == "identifier")
                .and_then(|o| s.planting.get(s.t(o)).cloned())
        };
        let writes = match method {
            "write" | "writelines" => handle(self, obj),
            "write_text" | "write_bytes" => Some(
                (before..self.sink.items.len())
                    .filter(|&i| persisted::plants(&self.sink.items[i]))
                    .collect(),
            ),
            _ if name == "print" => handle(self, self.kwarg(c, "file")),
            _ => None,
        };
        let (Some(writes), Some(arg)) = (writes, arg0) else {
            return;
        };
        if writes.is_empty() {
            if matches!(method, "write_text" | "write_bytes") {
                self.written_helper(arg, before);
            }
            return;
        }
        let Some(text) = self.fold(arg, 0) else {
            return;
        };
        let span = (arg.start_byte(), arg.end_byte());
        let src = self.src;
        persisted::read_planted(
            src,
            self.sink,
            &text,
            span,
            &writes,
            false,
            true,
            &mut self.plant_budget,
        );
    }

    /// Round 25: `p.write_text(CODE)` where `p` is a helper file of a code
    /// language (`compact.py`, a `#!` text): CODE is read as that language
    /// (`persisted::read_written_helper`), and a start-up entry this file
    /// plants naming the helper persists what it does.
    fn written_helper(&mut self, arg: Node, before: usize) {
        let Some(target) = (before..self.sink.items.len())
            .map(|i| &self.sink.items[i])
            .find(|e| e.op == crate::evidence::Op::FileWrite)
            .map(|e| e.target.clone())
        else {
            return;
        };
        let Some(text) = self.fold(arg, 0) else {
            return;
        };
        let span = (arg.start_byte(), arg.end_byte());
        let src = self.src;
        if let Some(why) = persisted::read_written_helper(
            src,
            self.sink,
            &target,
            &text,
            span,
            &mut self.plant_budget,
        ) {
            let name = target.rsplit(['/', '\\']).next().unwrap_or(&target);
            crate::extract::written_scripts::mark_persisted_runner(src, self.sink, name, span, why);
        }
    }
}
