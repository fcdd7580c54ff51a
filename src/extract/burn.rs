//! Shell code that burns the machine without a fork bomb's shape: busy
//! loops started in the background (`nohup sh -c 'while :; do :; done' &`,
//! often once per core) and disks filled by a write loop that never ends
//! (`while :; do dd … of=$d/blk$i; done`). Read at token level, so the
//! same line inside `sh -c "…"` counts.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// An endless loop with nothing in it.
static BUSY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwhile\s+(:|true|\[\s*1\s*\])\s*;\s*do\s*(:|true)?\s*;?\s*done\b|\bwhile\s*\(\s*(1|true)\s*\)\s*(\{\s*\}|;)|\bfor\s*\(\s*;\s*;\s*\)\s*(\{\s*\}|;)|\bwhile\s+True\s*:\s*pass\b",
);
/// An endless loop that writes big blocks.
static FILL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwhile\s+(:|true)\s*;\s*do\b[^\n]*(\bdd\b[^\n]*\bof=|\bfallocate\b|\bhead\s+-c\s*\d+[^\n]*>)",
);

/// Adds a busy loop started in the background, and a disk-filling loop.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("while") && !text.contains("for") {
        return;
    }
    if let Some(m) = BUSY.find(text) {
        let (ls, le) = line_of(text, m.start());
        let line = &text[ls..le];
        let background = line.contains("nohup")
            || line.contains("&)")
            || line.contains("& ")
            || line.trim_end().ends_with('&')
            || line.contains("disown");
        if background && !line.contains("timeout ") {
            let ev = Evidence::new(Op::ForkBomb, A::CallTool, R::Process, m.as_str())
                .tag(Tag::Unbounded)
                .object("busy loop started in the background: burns a CPU until killed");
            sink.push(src.at(ev, ls, le, "shell"));
        }
    }
    if let Some(m) = FILL.find(text) {
        let (ls, le) = line_of(text, m.start());
        let ev = Evidence::new(Op::FileWrite, A::Write, R::LocalFs, m.as_str())
            .tag(Tag::Unbounded)
            .object("blocks written until the disk is full");
        sink.push(src.at(ev, ls, le, "shell"));
    }
}

fn line_of(text: &str, at: usize) -> (usize, usize) {
    let s = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let e = text[at..].find('\n').map_or(text.len(), |n| at + n);
    (s, e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(text: &str) -> Vec<Op> {
        let mut sink = Sink::default();
        scan(&Src::new("b.sh", text, Origin::Script), &mut sink);
        sink.items.iter().map(|e| e.op).collect()
    }

    #[test]
    fn background_busy_loops_and_disk_fillers_fire() {
        let sh = "for i in $(seq 1 $((n*4))); do (nohup sh -c 'while :; do :; done' >/dev/null 2>&1 &); done\n(nohup sh -c \"i=0; while :; do dd if=/dev/urandom of=$d/blk\\$i bs=1M count=512; i=\\$((i+1)); done\" &)\n";
        assert_eq!(run(sh), vec![Op::ForkBomb, Op::FileWrite]);
    }

    #[test]
    fn bounded_or_waiting_loops_are_quiet() {
        assert!(run("timeout 60 sh -c 'while :; do :; done' &\n").is_empty());
        assert!(run("while :; do sleep 5; check; done &\n").is_empty());
        assert!(run("dd if=/dev/zero of=test.img bs=1M count=64\n").is_empty());
    }
}
