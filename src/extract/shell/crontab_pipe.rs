//! A crontab written from a pipe: what the earlier stages print becomes
//! the user's crontab, so its lines are read as what runs at every tick;
//! a pipe that only takes lines out of the current crontab removes a job.

use super::*;

impl<'s, 'a> Cx<'s, 'a> {
    /// `echo LINE | crontab -`, `(crontab -l; echo LINE) | crontab -`,
    /// `echo B64 | base64 -d | crontab -`: the printed (and decoded) text
    /// becomes the crontab, so its entries are analysed as what runs at
    /// every tick (`persisted_text`), located at the printing stage.
    pub(super) fn piped_crontab(&mut self, stages: &[Node], names: &[String], start: usize) {
        let Some(last) = names.len().checked_sub(1) else {
            return;
        };
        if last == 0 || names[last] != "crontab" {
            return;
        }
        let writes: Vec<usize> = (start..self.sink.items.len())
            .filter(|&i| {
                let e = &self.sink.items[i];
                e.op == Op::Persistence && e.has(Tag::Cron)
            })
            .collect();
        let (j, filters) = self.filters_before(stages, last);
        let concealing = filters.iter().any(|f| {
            let argv: Vec<&str> = f.iter().map(String::as_str).collect();
            crate::extract::text_build::conceals(&argv)
        });
        if j == 0 || writes.is_empty() {
            return;
        }
        if !concealing && self.lines_removed(&stages[..last]) {
            for &i in writes.iter().rev() {
                self.sink.items.remove(i);
            }
            return;
        }
        self.decoded.set(false);
        let mut printed = String::new();
        treesitter::walk(stages[j - 1], |n| {
            if n.kind_name() != "command" {
                return true;
            }
            if let Some((t, _)) = self.print_output(n) {
                printed.push_str(&t);
            }
            false
        });
        let Some(text) = crate::extract::text_build::replay(&printed, &filters) else {
            return;
        };
        let decoded = self.decoded.get() || concealing;
        self.persisted_text(&text, decoded, stages[j - 1], &writes);
    }

    /// `crontab -l | grep -v job | crontab -`, `(crontab -l | grep -v job)
    /// | crontab -`, `crontab -l | sed '/job/d' | crontab -`: the crontab
    /// written back is the current one with lines taken out, an uninstall,
    /// not a new job (registry reading round 34: hopyky's `uninstall_cron`).
    /// Every command before the last stage must be the listing or such a
    /// filter; an `echo`, `cat` or anything else adds lines and is read as
    /// before.
    fn lines_removed(&self, stages: &[Node]) -> bool {
        let mut listing = false;
        let mut only_filters = true;
        for st in stages {
            treesitter::walk(*st, |n| {
                if n.kind_name() != "command" {
                    return true;
                }
                let argv: Vec<String> = self.stage_words(n).into_iter().map(|w| w.value).collect();
                match argv.first().map(String::as_str) {
                    Some("crontab") if crate::extract::system_op::lists_jobs(&argv[1..]) => {
                        listing = true
                    }
                    Some("grep") if inverted_grep(&argv[1..]) => {}
                    Some("sed") if deleting_sed(&argv[1..]) => {}
                    _ => only_filters = false,
                }
                false
            });
        }
        listing && only_filters
    }
}

/// `grep -v PATTERN`, `grep -vE …`, `grep --invert-match …`.
fn inverted_grep(args: &[String]) -> bool {
    args.iter().any(|a| {
        a == "--invert-match" || a.starts_with('-') && !a.starts_with("--") && a.contains('v')
    })
}

/// `sed '/PATTERN/d'`, `sed -e '/PATTERN/d'`: every script deletes lines.
fn deleting_sed(args: &[String]) -> bool {
    let scripts: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    !scripts.is_empty()
        && scripts
            .iter()
            .all(|a| a.starts_with('/') && a.ends_with("/d") && !a.contains(';'))
}
