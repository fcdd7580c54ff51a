//! One command line being classified (`Call`) and what its handlers emit
//! (`Emit`): the types shared by the command table and the per-domain
//! handlers, kept apart so neither imports the other.

use super::*;

/// One command line being classified: its resolved words, the real
/// program (wrappers such as `sudo` and `env` stripped) and its arguments.
pub(super) struct Call<'w> {
    pub words: &'w [Word],
    pub argv: &'w [String],
    /// The real program's basename.
    pub name: String,
    /// The index of the real program in `argv`.
    pub at: usize,
    pub args: Vec<&'w str>,
    /// `$vars` read anywhere on the line.
    pub reads: Vec<String>,
    pub joined: String,
    /// The first URL among the arguments, or empty.
    pub url: String,
    pub cx: &'w ArgvCx,
}

/// Where a handler puts its evidence.
pub(super) struct Emit<'o> {
    out: &'o mut Vec<Evidence>,
    instrument: String,
    privileged: bool,
    detached: bool,
    finished: bool,
}

impl<'o> Emit<'o> {
    pub fn new(
        out: &'o mut Vec<Evidence>,
        instrument: String,
        privileged: bool,
        detached: bool,
    ) -> Self {
        Emit {
            out,
            instrument,
            privileged,
            detached,
            finished: false,
        }
    }

    /// Evidence of the program: named after it unless it names its own
    /// instrument, marked run as root or detached as the line is.
    pub fn push(&mut self, mut ev: Evidence) {
        if ev.instrument.is_empty() {
            ev.instrument = self.instrument.clone();
        }
        if self.privileged {
            ev.tags.insert(Tag::ShellTarget);
        }
        let manner = crate::extract::exec_op::Manner {
            detached: self.detached,
            silenced: false,
        };
        manner.mark(std::slice::from_mut(&mut ev));
        self.out.push(ev);
    }

    /// Evidence as it is, without the line's marks.
    pub fn raw(&mut self, ev: Evidence) {
        self.out.push(ev);
    }

    /// The line is fully classified: the line-wide checks (approval
    /// switches, mining pools) are skipped.
    pub fn finish(&mut self) {
        self.finished = true;
    }

    pub fn finished(&self) -> bool {
        self.finished
    }
}

/// Known cryptocurrency miners by name.
pub(super) const MINERS: &[&str] = &[
    "xmrig", "minerd", "cpuminer", "ethminer", "t-rex", "nbminer", "lolminer", "xmr-stak",
];
