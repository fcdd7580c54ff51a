//! The pieces of a large shell or Python script (see `in_pieces` in
//! `mod.rs`), analysed on several threads with the output of the
//! sequential run, byte for byte.
//!
//! Sequentially, piece `i` writes into the file's sink after pieces
//! `0..i`. What a piece does depends on that sink in three ways only:
//!
//! * the room left under the observation cap (`MAX_EVIDENCE_PER_FILE`):
//!   past it items are dropped and counted, and the extractors read back
//!   only the items they pushed themselves (`sink.items[before..]`);
//! * the incomplete reasons already recorded (`incomplete_once` adds a
//!   reason only once);
//! * a pass that changes items it did not push (`Sink::touched_all`).
//!
//! So a piece is analysed ahead of its turn in a sink of its own, given
//! the room and the reasons of the pieces merged so far, with its cap hits
//! kept apart (`limits::cuts_apart`). Pieces are then merged strictly in
//! order, and a piece's result is used only when it is what the sequential
//! run would have produced: it ran with the room it actually had (or never
//! came near either room), it recorded no reason that an earlier piece
//! merged after it started also recorded, and it changed no item but its
//! own. Otherwise the piece is analysed again, in order, in the file's own
//! sink, exactly as the sequential code does. Every cap is thus applied
//! after the merge as before: the count of dropped items, the reasons and
//! the cap hits add up in piece order.
//!
//! Once a piece has dropped an item the file's sink is full for every
//! later piece (room 0), which is then known before they start: a 12 MB
//! script fills the cap in its first piece, so at most the pieces that ran
//! beside the first one are analysed twice.

use super::{Lang, Sink, Src};
use crate::limits::{Cuts, add_cuts, cuts_apart};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// Threads one file's pieces may use (`-j`); 0: the machine's cores.
static THREADS: AtomicUsize = AtomicUsize::new(0);
/// Helper threads running pieces now, over every file of the process.
static HELPERS: AtomicUsize = AtomicUsize::new(0);
/// Files whose pieces were analysed on several threads, and pieces
/// analysed again in order (for tests: the parallel path was taken).
static PARALLEL_FILES: AtomicUsize = AtomicUsize::new(0);
static AGAIN: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Set while this thread analyses pieces: pieces inside a piece (a
    /// decoded payload over the piece size) are analysed in order.
    static IN_PIECES: Cell<bool> = const { Cell::new(false) };
}

/// Sets the threads the pieces of a large script may use, at most, over
/// the whole process (`audit -j N`); 1 analyses them in order.
pub fn set_threads(n: usize) {
    THREADS.store(n.max(1), Ordering::Relaxed);
}

/// Files analysed on several threads so far, and pieces among them
/// analysed again in order (their result ahead of turn was not the
/// sequential one).
pub fn parallel_stats() -> (usize, usize) {
    (
        PARALLEL_FILES.load(Ordering::Relaxed),
        AGAIN.load(Ordering::Relaxed),
    )
}

fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// Takes up to `want` helper threads from the process-wide budget
/// (`threads() - 1` helpers, so the pieces' threads never exceed `-j`).
fn take_helpers(want: usize) -> usize {
    let max = threads().saturating_sub(1);
    let mut got = 0;
    while got < want {
        let now = HELPERS.load(Ordering::Relaxed);
        if now >= max {
            break;
        }
        if HELPERS
            .compare_exchange(now, now + 1, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
        {
            got += 1;
        }
    }
    got
}

/// Gives helper threads back when dropped.
struct Helpers(usize);

impl Drop for Helpers {
    fn drop(&mut self) {
        HELPERS.fetch_sub(self.0, Ordering::Relaxed);
    }
}

/// Analyses one piece into `sink`.
fn run(lang: Lang, piece: &Src, sink: &mut Sink) {
    match lang {
        Lang::Python => super::python::extract(piece, sink),
        _ => super::shell::extract(piece, sink),
    }
}

/// Analyses the pieces `bounds` of `src` into `sink`, as the sequential
/// loop `for piece { if sink.expired() { break } run(piece) }` does.
pub(super) fn analyse(lang: Lang, src: &Src, sink: &mut Sink, bounds: &[(usize, usize)]) {
    let helpers = if bounds.len() < 2 || IN_PIECES.with(Cell::get) {
        Helpers(0)
    } else {
        Helpers(take_helpers(bounds.len() - 1))
    };
    if helpers.0 == 0 {
        for &(start, end) in bounds {
            if sink.expired() {
                break;
            }
            run(lang, &src.piece(start, end), sink);
        }
        return;
    }
    let was = IN_PIECES.with(|f| f.replace(true));
    parallel(lang, src, sink, bounds, helpers.0);
    IN_PIECES.with(|f| f.set(was));
}

/// A piece analysed ahead of its turn.
struct Ahead {
    /// The room it was given under the observation cap.
    room: usize,
    /// How many of `sink.incomplete`'s reasons it started from.
    seen: usize,
    sink: Sink,
    cuts: Cuts,
}

/// What the threads share: the next piece to start, the state of the
/// file's sink after the pieces merged so far, and the finished pieces.
struct Shared {
    next: usize,
    /// Room left in the file's sink after the merged pieces.
    room: usize,
    /// Some finished piece dropped an item: the file's sink will be full
    /// for every later piece.
    filled: bool,
    /// The file's incomplete reasons after the merged pieces.
    reasons: Vec<String>,
    done: Vec<Option<Ahead>>,
    /// Pieces whose thread panicked: analysed again in order.
    lost: Vec<bool>,
}

fn lock(m: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Claims the next piece, with the room and reasons to start it from.
fn claim(m: &Mutex<Shared>, n: usize) -> Option<(usize, usize, Vec<String>)> {
    let mut s = lock(m);
    if s.next >= n {
        return None;
    }
    let i = s.next;
    s.next += 1;
    let room = if s.filled { 0 } else { s.room };
    Some((i, room, s.reasons.clone()))
}

/// Analyses a piece in a sink of its own.
fn ahead(
    lang: Lang,
    piece: &Src,
    deadline: crate::limits::Deadline,
    room: usize,
    reasons: Vec<String>,
) -> Ahead {
    let seen = reasons.len();
    let mut sink = Sink {
        deadline,
        incomplete: reasons,
        limit: room,
        ..Sink::default()
    };
    let ((), cuts) = cuts_apart(|| run(lang, piece, &mut sink));
    Ahead {
        room,
        seen,
        sink,
        cuts,
    }
}

/// Records a finished piece and wakes the merging thread.
fn finish(state: &(Mutex<Shared>, Condvar), i: usize, a: Ahead) {
    let mut s = lock(&state.0);
    s.filled |= a.sink.dropped > 0;
    s.done[i] = Some(a);
    state.1.notify_all();
}

/// Marks the piece a helper thread was analysing as lost if the thread
/// panics, so the merging thread does not wait for it.
struct Claimed<'s>(&'s (Mutex<Shared>, Condvar), usize);

impl Drop for Claimed<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut s = lock(&self.0.0);
            s.lost[self.1] = true;
            self.0.1.notify_all();
        }
    }
}

fn parallel(lang: Lang, src: &Src, sink: &mut Sink, bounds: &[(usize, usize)], helpers: usize) {
    PARALLEL_FILES.fetch_add(1, Ordering::Relaxed);
    let n = bounds.len();
    // `Src` caches its line index in cells: each piece is made here and
    // handed to the one thread that analyses it.
    let pieces: Vec<Mutex<Option<Src>>> = bounds
        .iter()
        .map(|&(a, b)| Mutex::new(Some(src.piece(a, b))))
        .collect();
    let take = |i: usize| pieces[i].lock().unwrap_or_else(|e| e.into_inner()).take();
    let deadline = sink.deadline;
    let state = (
        Mutex::new(Shared {
            next: 0,
            room: sink.limit.saturating_sub(sink.items.len()),
            filled: sink.is_full(),
            reasons: sink.incomplete.clone(),
            done: (0..n).map(|_| None).collect(),
            lost: vec![false; n],
        }),
        Condvar::new(),
    );
    let parse_limits = crate::limits::parse_limits();
    std::thread::scope(|s| {
        for _ in 0..helpers {
            let (state, take) = (&state, &take);
            s.spawn(move || {
                IN_PIECES.with(|f| f.set(true));
                let _limits = crate::limits::lower_parse_limits_for_tests(parse_limits);
                while let Some((i, room, reasons)) = claim(&state.0, n) {
                    let claimed = Claimed(state, i);
                    if let Some(piece) = take(i) {
                        let a = ahead(lang, &piece, deadline, room, reasons);
                        finish(state, i, a);
                    }
                    drop(claimed);
                }
            });
        }
        merge(lang, src, sink, bounds, &state, &take);
    });
}

/// The merging thread: merges finished pieces in order, analyses a piece
/// itself while the next one to merge is not finished, and analyses again
/// in order, in the file's sink, a piece whose result the sequential run
/// would not have given.
fn merge<'a>(
    lang: Lang,
    src: &Src,
    sink: &mut Sink,
    bounds: &[(usize, usize)],
    state: &(Mutex<Shared>, Condvar),
    take: &impl Fn(usize) -> Option<Src<'a>>,
) {
    let n = bounds.len();
    let mut i = 0;
    while i < n {
        let mut s = lock(&state.0);
        let ready = s.done[i].take();
        if ready.is_none() && !s.lost[i] {
            if s.next < n {
                drop(s);
                if let Some((j, room, reasons)) = claim(&state.0, n)
                    && let Some(piece) = take(j)
                {
                    let a = ahead(lang, &piece, sink.deadline, room, reasons);
                    finish(state, j, a);
                }
            } else {
                drop(state.1.wait(s).unwrap_or_else(|e| e.into_inner()));
            }
            continue;
        }
        drop(s);
        if sink.expired() {
            lock(&state.0).next = n;
            return;
        }
        match ready {
            Some(a) if exact(&a, sink) => {
                sink.items.extend(a.sink.items);
                sink.dropped += a.sink.dropped;
                sink.out_of_time |= a.sink.out_of_time;
                sink.incomplete
                    .extend(a.sink.incomplete.into_iter().skip(a.seen));
                add_cuts(a.cuts);
            }
            _ => {
                AGAIN.fetch_add(1, Ordering::Relaxed);
                run(lang, &src.piece(bounds[i].0, bounds[i].1), sink)
            }
        }
        i += 1;
        let mut s = lock(&state.0);
        s.room = sink.limit.saturating_sub(sink.items.len());
        s.filled |= sink.is_full();
        s.reasons.clone_from(&sink.incomplete);
    }
}

/// Whether a piece analysed ahead gave what the sequential run gives
/// after the pieces merged into `sink` so far.
fn exact(a: &Ahead, sink: &Sink) -> bool {
    let room = sink.limit.saturating_sub(sink.items.len());
    let same_room = a.room == room || a.sink.dropped == 0 && a.sink.items.len() <= room;
    let added = a.sink.incomplete.get(a.seen..).unwrap_or_default();
    let since = sink.incomplete.get(a.seen..).unwrap_or_default();
    same_room && !a.sink.touched_all && !added.iter().any(|r| since.contains(r))
}
