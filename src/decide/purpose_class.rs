//! The skill's declared purpose as classes, and what each class needs
//! (round 34, `rules/indicators/purposes.txt`).
//!
//! A theme tool, a linter or a recap writer works on this machine, in the
//! user's files: it needs no send of local data to a host of its author's
//! choosing and no write into a start-up file, git hook or tool config. A
//! backup tool uploads, a monitor runs in the background, a setup tool
//! writes the shell's start-up file. The classes are matched on the
//! skill's name, description and `when_to_use` (`Manifest::purpose_text`);
//! a skill whose purpose matches no class is unknown, and nothing is said
//! about it. `rules::detectors::purpose_fit` (SK-EXEC-029) reads this, and
//! [`raise`] turns its findings high when the skill shows intent.

use crate::finding::{Finding, Severity};
use crate::rules::RuleCx;
use std::sync::LazyLock;

/// A capability a class of skills may legitimately need.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Capability {
    /// Data sent to a fixed host off this machine.
    Send,
    /// A credential store, secret file or key read.
    Secret,
    /// A process started to outlive the command.
    Detach,
    /// A write into a start-up file, git hook, scheduler or tool config.
    Autostart,
    /// A delete outside the skill's folder and the project.
    Delete,
}

impl Capability {
    fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "send" => Capability::Send,
            "secret" => Capability::Secret,
            "detach" => Capability::Detach,
            "autostart" => Capability::Autostart,
            "delete" => Capability::Delete,
            _ => return None,
        })
    }
}

/// One purpose class of the table.
#[derive(Debug)]
pub struct Class {
    pub name: String,
    pub needs: Vec<Capability>,
    words: Vec<String>,
}

/// The table, parsed once. A malformed line is a build error of the data,
/// caught by the unit test below.
static CLASSES: LazyLock<Vec<Class>> =
    LazyLock::new(|| parse(include_str!("../../rules/indicators/purposes.txt")));

fn parse(text: &str) -> Vec<Class> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.split('|').map(str::trim);
            let name = parts.next()?.to_string();
            let needs = parts
                .next()?
                .split(',')
                .map(str::trim)
                .filter(|s| *s != "-" && !s.is_empty())
                .map(|s| Capability::parse(s).unwrap_or_else(|| panic!("purposes.txt: {s}")))
                .collect();
            let words = parts
                .next()?
                .split(',')
                .map(|w| w.trim().to_lowercase())
                .filter(|w| !w.is_empty())
                .collect();
            Some(Class { name, needs, words })
        })
        .collect()
}

/// Whether `word` starts a word of `text` (lower-case): `format` in "it
/// formats", not in "reformat" nor "information".
fn starts_a_word(text: &str, word: &str) -> bool {
    let mut at = 0;
    while let Some(k) = text[at..].find(word) {
        let start = at + k;
        if text[..start]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
        {
            return true;
        }
        at = start + word.len();
    }
    false
}

/// The declared purpose of a skill: the classes its purpose text matches,
/// each with the word that matched.
pub struct Purpose {
    pub classes: Vec<(&'static Class, &'static str)>,
}

impl Purpose {
    /// The purpose of the skill in `cx`, from its name, description and
    /// `when_to_use`; `None` when no class matches (unknown purpose).
    pub fn of(cx: &RuleCx) -> Option<Purpose> {
        Self::of_text(&cx.manifest.purpose_text())
    }

    /// The purpose a lower-cased purpose text declares.
    pub fn of_text(text: &str) -> Option<Purpose> {
        let text = text.to_lowercase();
        let classes: Vec<(&'static Class, &'static str)> = CLASSES
            .iter()
            .filter_map(|c| {
                c.words
                    .iter()
                    .find(|w| starts_a_word(&text, w))
                    .map(|w| (c, w.as_str()))
            })
            .collect();
        (!classes.is_empty()).then_some(Purpose { classes })
    }

    /// Whether some class of the purpose needs `cap`.
    pub fn needs(&self, cap: Capability) -> bool {
        self.classes.iter().any(|(c, _)| c.needs.contains(&cap))
    }

    /// The classes, named with the word that placed the skill in each
    /// (`theming ("theme"), conversion ("export")`), for messages.
    pub fn describe(&self) -> String {
        self.classes
            .iter()
            .map(|(c, w)| format!("{} (\"{w}\")", c.name))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The rule this module's findings come from.
pub const RULE: &str = "SK-EXEC-029";

/// A step the purpose does not need, at medium, becomes high when the
/// skill shows any intent signal anywhere (`verdict::intent_signals`):
/// declaration never cancels intent, and here nothing even declares the
/// step. The finding's `raised_by` names the signals.
pub fn raise(intent: &[String], findings: &mut [Finding]) {
    if intent.is_empty() {
        return;
    }
    let why = format!(
        "the skill shows intent: {}",
        intent
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ")
    );
    let why = if intent.len() > 3 {
        format!("{why} and {} more", intent.len() - 3)
    } else {
        why
    };
    for f in findings.iter_mut() {
        if f.rule_id == RULE
            && f.suppressed.is_none()
            && f.downgraded_by.is_none()
            && f.severity == Severity::Medium
        {
            f.raise(Severity::High, &why);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_and_every_class_has_words() {
        assert!(CLASSES.len() >= 10);
        assert!(CLASSES.iter().all(|c| !c.words.is_empty()));
    }

    #[test]
    fn local_purposes_need_no_send() {
        for d in [
            "Exports design tokens into CSS custom properties and a Tailwind theme.",
            "Turns a raw meeting transcript into a short recap.",
            "Formats Markdown tables.",
        ] {
            let p = Purpose::of_text(d).unwrap();
            assert!(!p.needs(Capability::Send), "{d}: {}", p.describe());
        }
        for d in [
            "Backs up your notes to S3 every night.",
            "Posts a daily summary to Slack.",
            "Checks a docs site for dead links.",
        ] {
            let p = Purpose::of_text(d).unwrap();
            assert!(p.needs(Capability::Send), "{d}: {}", p.describe());
        }
        assert!(Purpose::of_text("Helps with stuff.").is_none());
        assert!(!starts_a_word("information", "format"));
        assert!(starts_a_word("it formats", "format"));
    }
}
