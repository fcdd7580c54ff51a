//! The staging copy of `skillscan install` is removed on every exit path:
//! a refusal or an error (`Drop`), a panic (`Drop` while unwinding), and
//! SIGINT, SIGTERM or SIGHUP (a watcher thread). Until the gate allows it,
//! the staging folder holds an unvetted skill inside the skills folder, so
//! it must never outlive the process that made it.
//!
//! Signals come through `signal-hook`'s iterator: the crate forbids unsafe
//! code, so a handler cannot be installed by hand, and signal-hook is the
//! well-kept, widely used way to receive signals safely in a thread. Only
//! SIGKILL (which nothing can catch) can leave a staging folder behind;
//! `install` then names it in its error on the next run.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Owns a staging folder until it is `commit`ted (renamed into place).
pub struct Staging {
    slot: Arc<Mutex<Option<PathBuf>>>,
    signals: Option<signal_hook::iterator::Handle>,
}

/// Removes a folder, retrying while another thread may still be writing
/// into it (the copy in progress when a signal arrives).
pub fn remove(p: &Path) -> std::io::Result<()> {
    let mut last = Ok(());
    for _ in 0..20 {
        match std::fs::remove_dir_all(p) {
            Ok(()) => return Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => last = Err(e),
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    last
}

fn remove_reporting(p: &Path) {
    if let Err(e) = remove(p) {
        eprintln!(
            "skillscan: warning: cannot remove the staging folder {}: {e}; remove it by hand",
            p.display()
        );
    }
}

impl Staging {
    /// Guards `path` (already created). When signals cannot be watched, the
    /// guard still removes the folder on every normal exit path.
    pub fn guard(path: PathBuf) -> Self {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let slot = Arc::new(Mutex::new(Some(path)));
        let signals = match signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            Ok(mut s) => {
                let handle = s.handle();
                let slot2 = Arc::clone(&slot);
                std::thread::spawn(move || {
                    if let Some(sig) = s.forever().next() {
                        let taken = slot2.lock().unwrap_or_else(|p| p.into_inner()).take();
                        if let Some(p) = taken {
                            remove_reporting(&p);
                            eprintln!(
                                "skillscan: interrupted (signal {sig}); the staging copy was removed and nothing was installed"
                            );
                        }
                        std::process::exit(128 + sig);
                    }
                });
                Some(handle)
            }
            Err(e) => {
                eprintln!(
                    "skillscan: warning: cannot watch for interrupts ({e}); an interrupted install may leave its staging folder"
                );
                None
            }
        };
        Self { slot, signals }
    }

    /// The staging folder, while guarded.
    pub fn path(&self) -> Option<PathBuf> {
        self.slot.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Runs `f` (the rename into place) with the signal watcher held off,
    /// and releases the folder from the guard when `f` succeeds.
    pub fn commit(&self, f: impl FnOnce(&Path) -> std::io::Result<()>) -> std::io::Result<()> {
        let mut g = self.slot.lock().unwrap_or_else(|p| p.into_inner());
        let Some(p) = g.clone() else {
            return Err(std::io::Error::other("the staging folder was removed"));
        };
        f(&p)?;
        *g = None;
        Ok(())
    }
}

impl Staging {
    /// Removes the staging folder now (a refusal or an error).
    pub fn discard(&self) {
        let taken = self.slot.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(p) = taken {
            remove_reporting(&p);
        }
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        self.discard();
        if let Some(h) = self.signals.take() {
            h.close();
        }
    }
}
