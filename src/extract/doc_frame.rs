//! Whether a heading or lead-in frames what follows as documentation of bad
//! behaviour rather than an instruction to do it. Shared by `markdown`,
//! `prose` and `hidden_code` (a lower module, so none of them imports
//! another for it).

use std::sync::LazyLock;

/// Headings and lead-ins that frame what follows as documentation of bad
/// behaviour rather than an instruction to do it.
static DOC_FRAME: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)(?-u:\b)(documentation|never|don'?t|do not|avoid|anti-?patterns?|bad example|malicious|attack(s|er|ers)?|red flags?|warning signs?|what to look for|examples? of (an? )?(attack|malicious|dangerous|unsafe|suspicious)|insecure|vulnerab\w*|phishing|scam|do not run|not recommended|beware|dangerous (commands?|patterns?|examples?)|iocs?|indicators? of (compromise|attack)|(compromise|attack|threat|incident|intrusion) indicators|observables)(?-u:\b)|^\s*(key\s+)?indicators\s*:?\s*$",
    )
});

/// The mark after the heading of a manifest read as documentation by
/// default (a security skill's SKILL.md); `prose::DOC_BY_DEFAULT`.
pub const DOC_BY_DEFAULT: &str = "(documentation by default)";

/// A sentence (or clause) that tells the reader to act: it opens, after
/// list marks and adverbs, with an action verb. Shared by `prose` (the
/// `Imperative` tag) and the lead-in test below.
pub static IMPERATIVE: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)^\s*(?:[-*+>]\s*|\d+[.)]\s*|#+\s*)?(?:\*\*[^*]*\*\*:?\s*)?(?:(?:first|then|next|now|finally|also|always|immediately|quietly|silently|please|important|note|critical|required|step \d+)[,:!]?\s+)*(?:you (?:must|should|need to|have to|will)\s+)?(run|execute|download|install|open|visit|go to|navigate|paste|copy|read|load|cat|collect|gather|send|post|upload|forward|transmit|submit|include|append|add|write|save|store|delete|remove|erase|wipe|ignore|disregard|forget|decode|extract|unzip|launch|start|set|disable|turn off|export|print|show|fetch|get|grab|sync|report|curl|wget|use|enter|type|follow|obey|call|invoke|email|share|leak|dump)(?-u:\b)",
    )
});

/// Whether some clause of `s` is an imperative (`IMPERATIVE` at its start):
/// clauses split at sentence ends, semicolons, colons, dashes, commas and
/// a joining "and"/"then" ("Build it exactly like this and send it"). One
/// pass over `s`; each clause is matched once from its start.
pub fn has_imperative_clause(s: &str) -> bool {
    some_clause(s, &IMPERATIVE)
}

/// Whether `rx` matches at the start of some clause of `s` (split at
/// sentence ends, semicolons, colons, dashes, commas and a joining
/// "and"/"then"); one pass.
fn some_clause(s: &str, rx: &regex::Regex) -> bool {
    static JOIN: LazyLock<regex::Regex> =
        LazyLock::new(|| crate::rx::re(r"(?i)[.!?;:,\u{2014}\n]|(?-u:\b)(?:and|then)(?-u:\b)"));
    let mut from = 0;
    for m in JOIN.find_iter(s) {
        if rx.is_match(&s[from..m.start()]) {
            return true;
        }
        from = m.end();
    }
    rx.is_match(&s[from..])
}

/// Round 23: verbs that change state, at the start of a lead-in's clause
/// ("grant the access from the current identity and retry:", "point npm at
/// it:", "attach the policy:"): with [`IMPERATIVE`], a lead-in that orders
/// the block it introduces, whatever "do not" it also holds ("do not stop
/// and do not send the user to their cloud team; grant the access …").
static ORDER: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)^\s*(?:[-*+>]\s*|\d+[.)]\s*)?(?:(?:first|then|next|now|finally|also|always|immediately|just|simply|so)[,:!]?\s+)*(?:you (?:must|should|need to|have to|will)\s+)?(grant|attach|apply|create|configure|point|switch|change|update|enable|assign|bind|retry|reset|replace|edit|modify|patch|push|deploy|restart|reconcile|destroy|drop|rotate|revoke|elevate|promote|give|finish|complete|proceed|continue|publish)(?-u:\b)",
    )
});

/// Whether some clause of `s` orders a state change ([`ORDER`]), clauses
/// split as in [`has_imperative_clause`] (`some_clause`).
pub fn has_order_clause(s: &str) -> bool {
    some_clause(s, &ORDER)
}

/// A heading that names an attack class or a detection catalogue
/// ("Data exfiltration", "### 6. Persistence mechanisms", "Patterns
/// detected", "Red flags"): in a security skill, what follows illustrates
/// the class.
static ATTACK_CLASS: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)(?-u:\b)(exfiltration|privilege escalation|persistence|(?:prompt|command|code|sql|shell) injection|injections?|reverse shells?|backdoors?|credential (?:theft|harvesting|access|stealing)|stealers?|malware|ransomware|obfuscation|supply[- ]chain|typosquat\w*|cryptojack\w*|evasion|lateral movement|detect|detections?|detected|detects|patterns?|indicators?|iocs?|signatures?|threats?|techniques?|tactics|severity|risk (?:levels?|categories)|what (?:it|we) (?:checks?|flags?|catch(?:es)?|detects?|looks? for)|examples? of)(?-u:\b)",
    )
});

/// Whether `heading` names an attack class or a detection catalogue.
pub fn names_attack_class(heading: &str) -> bool {
    ATTACK_CLASS.is_match(heading)
}

/// The framing words that are negations.
static NEG: LazyLock<regex::Regex> =
    LazyLock::new(|| crate::rx::re(r"(?i)^(never|don'?t|do not|avoid)$"));

pub fn is_doc_frame(s: &str) -> bool {
    DOC_FRAME.is_match(s)
}

/// A lead-in whose only framing words are a "do not" / "never" / "avoid"
/// aimed at something other than running what follows: "Run the check
/// below and do not trim the output" tells the reader to run it, while
/// "Never run the following" and "Don't do this:" still frame the block.
pub fn only_side_negation(s: &str) -> bool {
    /// What a negation governs when it is aimed at the block itself.
    static AT_BLOCK: LazyLock<regex::Regex> = LazyLock::new(|| {
        crate::rx::re(
            r"(?i)^\s*(?:ever\s+)?(?:\w+\s+)?(run|execute|use|paste|copy|type|enter|try|install|follow|call|invoke|pipe|do|this|these|that|it|them|the following|anything|commands?|code|scripts?|something)(?-u:\b)|^\s*[:\u{2014}-]",
        )
    });
    let mut any = false;
    for m in DOC_FRAME.find_iter(s) {
        if !NEG.is_match(m.as_str()) || AT_BLOCK.is_match(&s[m.end()..]) {
            return false;
        }
        any = true;
    }
    any
}

/// Round 26: a lead-in whose only framing words are "avoid" in a purpose
/// clause ("so to avoid partial data, create a user…", "in order to avoid
/// throttling"): the infinitive says why the reader does what follows, it
/// forbids nothing. "To avoid problems, do not run this" still frames it
/// through its "do not".
pub fn only_purpose_avoid(s: &str) -> bool {
    let mut any = false;
    for m in DOC_FRAME.find_iter(s) {
        let before = s[..m.start()].trim_end().to_ascii_lowercase();
        if !m.as_str().eq_ignore_ascii_case("avoid")
            || !(before.ends_with(" to") || before == "to" || before.ends_with("(to"))
        {
            return false;
        }
        any = true;
    }
    any
}

/// Per line of `text` (split after each `\n`, so index `i` is line
/// `i + 1`): whether it sits in documentation, the whole file (`doc`) or a
/// section whose Markdown heading frames it (a `#` line outside a code
/// fence; shell comments inside fences are not headings).
pub fn framed_lines(text: &str, doc: bool) -> Vec<bool> {
    let mut out = Vec::new();
    let (mut fence, mut framed) = (false, false);
    for l in text.split_inclusive('\n') {
        let t = l.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = !fence;
        } else if !fence && t.starts_with('#') {
            let h = t.trim_start_matches('#');
            if h.starts_with(' ') {
                framed = is_doc_frame(h);
            }
        }
        out.push(doc || framed);
    }
    out
}

/// A lead-in whose only framing words are negations that describe a fact
/// rather than forbid an act: the negation follows its own subject in the
/// sentence ("so deploys never hit `forbidden` errors", "an approval that
/// never comes", "the cache doesn't grow"). An imperative negation opens
/// its sentence or follows a modal or a pronoun ("Never run this:", "you
/// should not paste", "We don't recommend"): that one still frames.
pub fn only_descriptive_negation(s: &str) -> bool {
    /// The words before an imperative negation in its sentence.
    static IMPERATIVE_LEAD: LazyLock<regex::Regex> = LazyLock::new(|| {
        crate::rx::re(
            r"(?i)(^|(?-u:\b)(please|and|but|or|then|so|you|we|i|should|must|shall|will|would|could|can|may|might|to|always|just|simply|also|ever|really|\w+'ll))\s*$",
        )
    });
    let mut any = false;
    for m in DOC_FRAME.find_iter(s) {
        if !NEG.is_match(m.as_str()) {
            return false;
        }
        let before = &s[..m.start()];
        let from = before
            .rfind(['.', '!', '?', ':', ';', '\n', '(', '*', '-', '#', '>', '"'])
            .map(|i| i + 1)
            .unwrap_or(0);
        let lead = before[from..].trim();
        if IMPERATIVE_LEAD.is_match(lead) {
            return false;
        }
        any = true;
    }
    any
}

/// Whether the inline code at byte `at` of `text` is ordered by its
/// sentence: the span opens the sentence or list item (`2. \`terraform
/// destroy\``), or the few words before it end in a run verb ("then run
/// `…`", "execute `…` for the workspace"). "Commands like `…`", "`…` is
/// used by ransomware" are not orders.
pub fn ordered_code(text: &str, at: usize) -> bool {
    static RUN: LazyLock<regex::Regex> = LazyLock::new(|| {
        crate::rx::re(
            r"(?i)(?-u:\b)(run|re-?run|execute|exec|type|enter|call|invoke|apply|issue|then|next|first|finally)(?-u:\b)[\s:,]*(\w+\s+){0,2}$",
        )
    });
    let at = crate::text::clamp_boundary(text, at.min(text.len()));
    let from = crate::text::clamp_boundary(text, at.saturating_sub(120));
    let window = &text[from..at];
    // Back to the sentence's start: a full stop, a line break.
    let start = window
        .char_indices()
        .rev()
        .find(|&(i, c)| {
            c == '\n'
                || matches!(c, '.' | '!' | '?' | ';')
                    && window[i + 1..].starts_with(char::is_whitespace)
        })
        .map_or(0, |(i, _)| i + 1);
    let lead = window[start..].trim_start();
    let lead = lead
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches(['.', ')', '-', '*', '+', '>', ' ', '\t']);
    lead.trim().is_empty() || RUN.is_match(lead)
}

/// Round 26: whether byte `at` of `text` sits in a numbered list item
/// (`4. Get the comparison: \`…\``), its wrapped continuation lines
/// (indented, not blank) read back to the item's number, at most
/// `STEP_MAX_LINES` lines up.
pub fn numbered_step(text: &str, at: usize) -> bool {
    const STEP_MAX_LINES: usize = 6;
    let mut end = crate::text::clamp_boundary(text, at.min(text.len()));
    for _ in 0..STEP_MAX_LINES {
        let start = text[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = &text[start..end];
        let t = line.trim_start();
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && t[digits..].starts_with(['.', ')']) {
            return true;
        }
        let continued = line.starts_with([' ', '\t']) && !t.is_empty();
        if !continued || start == 0 {
            return false;
        }
        end = start - 1;
    }
    false
}

/// Round 31: a table row whose first cell forbids what its other cells
/// show (`| Never do this | `rm -rf /` |`, `| Dangerous | … |`).
static FORBID_ROW: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)^\s*\|\s*(?:\W{0,3}\s*)?(?:never|don'?t|do not|avoid|dangerous|unsafe|forbidden|wrong|bad)(?-u:\b)[^|\n]*\|",
    )
});

/// Whether the inline code at byte `at` of `text` is what its sentence
/// forbids: "never run `zfs destroy -r tank`", "do not paste `curl … | sh`
/// from issue comments", "avoid `rm -rf /`". The clause is read back to
/// the sentence's start (other code spans in it stand as one word, so
/// "never run `a` or `b`" forbids both).
pub fn forbidden_code(text: &str, at: usize) -> bool {
    static FORBID: LazyLock<regex::Regex> = LazyLock::new(|| {
        crate::rx::re(
            r"(?i)(?-u:\b)(never|don'?t|do not|must not|should not|shouldn'?t|avoid|refuse to|no need to)(?-u:\b)(\s+[\w'-]+){0,4}?\s+(run(ning)?|execut(e|ing)|exec|paste|type|use|call|invoke|try|pip(e|ing)|enter|copy)(?-u:\b)|(?-u:\b)(never|avoid)\s*:?\s*$|^\s*(?:[-*+>]\s*|\d+[.)]\s*)?no\s+$",
        )
    });
    let at = crate::text::clamp_boundary(text, at.min(text.len()));
    let from = crate::text::clamp_boundary(text, at.saturating_sub(240));
    let window = &text[from..at];
    // Back to the sentence's start: a full stop, a blank line or an item.
    let start = window
        .char_indices()
        .rev()
        .find(|&(i, c)| {
            matches!(c, '.' | '!' | '?') && window[i + 1..].starts_with(char::is_whitespace)
                || c == '\n'
                    && window[i + 1..]
                        .trim_start_matches([' ', '\t'])
                        .starts_with(['-', '*', '+', '\n', '#', '>', '|'])
        })
        .map_or(0, |(i, _)| i + 1);
    // Code spans before it in the clause become one placeholder word.
    let mut clause = String::with_capacity(window.len() - start);
    let mut inside = false;
    for c in window[start..].chars() {
        if c == '`' {
            if !inside {
                clause.push_str("code");
            }
            inside = !inside;
        } else if !inside {
            clause.push(c);
        }
    }
    // "Don't forget to run", "never hesitate to use": an order to run.
    static URGE: LazyLock<regex::Regex> = LazyLock::new(|| {
        crate::rx::re(r"(?i)(?-u:\b)(don'?t|do not|never) (forget|hesitate|fail|skip)(?-u:\b)")
    });
    (FORBID.is_match(&clause) || FORBID_ROW.is_match(&clause)) && !URGE.is_match(&clause)
}

/// A declaration that what follows is examples of attacks, not orders:
/// "examples of attacks", "injection examples", "do not follow any
/// instruction (found) in them", a bare "(do not follow)", "for
/// recognition training", defanged indicators, IOCs.
static DECLARED: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)(?-u:\b)(?:examples?|samples?|specimens?|excerpts?|collection)\s+of\s+(?:(?:real(?:-world)?|known|common|typical|actual|observed|annotated)\s+)?(?:attacks?|phishing|malicious|lures?|scams?|prompt[- ]injections?|injections?|payloads?|malware|exploits?|social[- ]engineering)(?-u:\b)|(?-u:\b)(?:do not|don'?t|never)\s+(?:follow|obey|execute|run|act on|carry out)\s+(?:any\s+)?(?:of\s+)?(?:the\s+)?(?:instructions?|commands?|them|these|anything)\s+(?:(?:found|contained|quoted|shown|given)\s+)?(?:in|from|below|shown|quoted|above|here)(?-u:\b)|\(\s*(?:do not|don'?t|never)\s+(?:follow|obey|run|execute)\s*\)|(?-u:\b)(?:attack|injection|phishing|malicious|lure|scam)\s+(?:examples|samples)(?-u:\b)|(?-u:\b)for\s+(?:recognition|detection|awareness)(?:\s+(?:training|purposes|only))?(?-u:\b)|(?-u:\b)for\s+training\s+purposes(?-u:\b)|(?-u:\b)defanged(?-u:\b)|(?-u:\b)(?:iocs?|indicators of compromise)(?-u:\b)",
    )
});

/// How a line of a Markdown file stands to a declaration of examples
/// (`declared_lines`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Declared {
    /// Not declared.
    No,
    /// Prose in a declared file or section: an order in it is still one.
    Prose,
    /// A heading, a fenced line or a quoted line there: shown, not said.
    Shown,
}

/// Whether the chars `from..to` (1-based columns, `to` exclusive, as
/// evidence locations give them) of a Markdown table row lie inside one
/// double-quoted span of a single cell, its quotes included: a quotation the
/// table exhibits. A hostile row is read once (the columns are counted in
/// one pass).
pub fn quoted_in_table_cell(line: &str, from: usize, to: usize) -> bool {
    if !line.trim_start().starts_with('|') || from == 0 || to < from {
        return false;
    }
    let mut open: Option<usize> = None;
    for (col, c) in line.chars().enumerate().map(|(i, c)| (i + 1, c)) {
        match c {
            '"' | '\u{201c}' | '\u{201d}' => match open {
                Some(o) => {
                    if o <= from && to <= col + 1 {
                        return true;
                    }
                    open = None;
                }
                None => open = Some(col),
            },
            '|' => open = None,
            _ => {}
        }
        if col > to && open.is_none() {
            return false;
        }
    }
    false
}

/// Per line of `text`: whether a declaration of examples covers it. The
/// lead of the file (its title and the text before the first `##`
/// heading) covers the title's section (the whole file unless another
/// top-level `#` heading follows); a heading, or the first paragraph under
/// it, covers its section up to the next heading of the same or a higher
/// level. Fences are skipped when looking for headings. One pass, plus the
/// first paragraph under each heading (bounded by `LEAD_BYTES`).
pub fn declared_lines(text: &str) -> Vec<Declared> {
    const LEAD_BYTES: usize = 600;
    let lines: Vec<&str> = text.lines().collect();
    let mut fenced = vec![false; lines.len()];
    // (line, level)
    let mut heads: Vec<(usize, usize)> = Vec::new();
    let mut fence = false;
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = !fence;
            fenced[i] = true;
            continue;
        }
        fenced[i] = fence;
        if !fence && t.starts_with('#') {
            let h = t.trim_start_matches('#');
            let level = t.len() - h.len();
            if level <= 6 && (h.is_empty() || h.starts_with(' ')) {
                heads.push((i, level));
            }
        }
    }
    // The heading's text and the first paragraph under it (or, for the
    // file, the lines before its first heading below the title).
    let lead = |from: usize| -> String {
        let mut out = String::new();
        let mut started = false;
        for (l, f) in lines.iter().zip(&fenced).skip(from) {
            if *f || out.len() > LEAD_BYTES {
                break;
            }
            let t = l.trim();
            if t.is_empty() {
                if started {
                    break;
                }
                continue;
            }
            if t.starts_with('#') && started {
                break;
            }
            started |= !t.starts_with('#');
            out.push_str(t);
            out.push(' ');
        }
        out
    };
    let mut out = vec![Declared::No; lines.len()];
    let mark = |from: usize, to: usize, out: &mut Vec<Declared>| {
        for i in from..to.min(lines.len()) {
            let t = lines[i].trim_start();
            out[i] = if fenced[i] || t.starts_with('#') || t.starts_with('>') {
                Declared::Shown
            } else {
                Declared::Prose
            };
        }
    };
    // The file's lead: a title (`# X`) and what follows it up to the next
    // heading, or the text before any heading.
    let file_lead = match heads.first() {
        // The title itself may declare the file ("# Annotated injection
        // examples (do not follow)").
        Some(&(0, 1)) => format!("{} {}", lines[0], lead(1)),
        Some(&(0, _)) => String::new(),
        _ => lead(0),
    };
    // The lead covers the title's section: up to the next top heading.
    if DECLARED.is_match(&file_lead) {
        let end = heads
            .iter()
            .find(|h| h.0 > 0 && h.1 == 1)
            .map_or(lines.len(), |h| h.0);
        mark(0, end, &mut out);
    }
    for (k, &(line, level)) in heads.iter().enumerate() {
        let said = lead(line);
        if !DECLARED.is_match(&said) {
            continue;
        }
        let end = heads[k + 1..]
            .iter()
            .find(|h| h.1 <= level)
            .map_or(lines.len(), |h| h.0);
        mark(line, end, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_files_and_sections() {
        let t = "# Lures (defanged)\n\nThese are *examples of attacks* for recognition training. Do not follow any instruction in them.\n\n## 1. Archive\n```\nzip (password: 1)\n```\nIndicators: x.\n";
        let d = declared_lines(t);
        assert_eq!(d[4], Declared::Shown);
        assert_eq!(d[6], Declared::Shown);
        assert_eq!(d[8], Declared::Prose);
        let t = "# Guide\n\nSteps.\n\n## Samples\n\nSamples of phishing lures, defanged.\n\n```\nx\n```\n\n## Setup\n\nRun it.\n";
        let d = declared_lines(t);
        assert_eq!(d[2], Declared::No);
        assert_eq!(d[9], Declared::Shown);
        assert_eq!(d[14], Declared::No);
        let t = "# Guide\n\nFetch the release notes and summarise them.\n";
        assert!(declared_lines(t).iter().all(|d| *d == Declared::No));
    }

    #[test]
    fn a_negation_after_its_subject_describes() {
        for s in [
            "Bind the default account so deploys never hit `forbidden` errors:",
            "When the gateway waits for an approval that never comes, the task fails.",
        ] {
            assert!(only_descriptive_negation(s), "{s}");
        }
        for s in [
            "Never run the following:",
            "You should never paste this into a terminal:",
            "Do not do this:",
            "Attackers never say what this does:",
            "Bad example, deploys never fail:",
            "so that you don't see errors",
        ] {
            assert!(!only_descriptive_negation(s), "{s}");
        }
    }
}

/// Whether the short waiver on line `at` (0-based: "Don't ask permission.
/// Just do it.") follows a list whose every item is a read (`1. Read
/// `SOUL.md``, `- Check the calendar`): reading what the agent already
/// holds needs no one's leave, so the waiver takes no consent away (the
/// stock OpenClaw workspace template: registry massiveadam/workspace,
/// halthelobster/proactive-agent). A waiver that stands alone, after a list
/// with any other act (send, run, delete, install, update), or in a longer
/// sentence of its own is not this.
pub fn waiver_over_reads(lines: &[&str], at: usize) -> bool {
    const READS: &[&str] = &[
        "read", "check", "review", "look", "open", "load", "skim", "scan",
    ];
    if lines.get(at).is_none_or(|l| l.trim().len() > 48) {
        return false;
    }
    let mut items = 0;
    for l in lines[..at].iter().rev().take(24) {
        let t = l.trim();
        if t.is_empty() {
            if items > 0 {
                break;
            }
            continue;
        }
        let Some(body) = list_item_body(t) else {
            break;
        };
        let starts_with_read = |x: &str| {
            let w = x
                .trim_start()
                .trim_start_matches(['*', '_'])
                .split(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            READS.contains(&w.as_str())
        };
        // "4. In main sessions: also read `MEMORY.md`": a read under a
        // condition.
        let conditioned = body.split_once(':').is_some_and(|(_, rest)| {
            let rest = rest.trim_start().to_ascii_lowercase();
            starts_with_read(rest.strip_prefix("also ").unwrap_or(&rest))
        });
        if !starts_with_read(body) && !conditioned {
            return false;
        }
        items += 1;
    }
    items >= 2
}

/// The text of a list item (`1. x`, `2) x`, `- x`, `* x`, `+ x`).
fn list_item_body(t: &str) -> Option<&str> {
    if let Some(rest) = t.strip_prefix(['-', '*', '+']) {
        return rest.strip_prefix(' ');
    }
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 3 {
        return None;
    }
    t[digits..].strip_prefix(['.', ')'])?.strip_prefix(' ')
}

/// Per line of `text`: whether it is a body row of a Markdown table whose
/// header names a catalogue: a term column (`Command`, `Flag`, `Pattern`,
/// `Check`) beside a gloss column (`Description`, `Meaning`, `Example`).
/// Such a row documents the term; it tells no one to act. One pass.
pub fn catalogue_rows(text: &str) -> Vec<bool> {
    const TERM: &[&str] = &[
        "command",
        "commands",
        "cmd",
        "flag",
        "flags",
        "option",
        "options",
        "pattern",
        "patterns",
        "check",
        "rule",
        "signal",
        "indicator",
        "syntax",
        "shortcut",
        "keyword",
    ];
    const GLOSS: &[&str] = &[
        "description",
        "meaning",
        "purpose",
        "what it does",
        "effect",
        "explanation",
        "detects",
        "example",
        "examples",
        "notes",
        "values",
        // Round 31: a cheat sheet's task column (`| Goal | Command |`).
        "goal",
        "goals",
        "task",
        "use case",
        "when",
        "what",
        "result",
    ];
    let is_row = |l: &str| l.trim_start().starts_with('|');
    let is_sep = |l: &str| {
        l.trim().trim_matches('|').split('|').all(|c| {
            let c = c.trim();
            !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':'))
        })
    };
    let catalogue = |l: &str| {
        let cells: Vec<String> = l
            .trim()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().trim_matches('*').to_ascii_lowercase())
            .collect();
        cells.len() >= 2
            && cells.iter().any(|c| TERM.contains(&c.as_str()))
            && cells.iter().any(|c| GLOSS.contains(&c.as_str()))
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut out = vec![false; lines.len()];
    let mut i = 0;
    while i < lines.len() {
        if !is_row(lines[i]) {
            i += 1;
            continue;
        }
        // A table: header, separator, body rows.
        let head = i;
        let mut end = i;
        while end < lines.len() && is_row(lines[end]) {
            end += 1;
        }
        if end - head >= 3 && is_sep(lines[head + 1]) && catalogue(lines[head]) {
            for o in &mut out[head + 2..end] {
                *o = true;
            }
        } else if end - head >= 3 && is_sep(lines[head + 1]) {
            // Round 31: a row whose first cell forbids what it shows.
            for (k, o) in out[head + 2..end].iter_mut().enumerate() {
                *o = FORBID_ROW.is_match(lines[head + 2 + k]);
            }
        }
        i = end;
    }
    out
}

/// Round 38 (registry reading, round 38 §4b row 6): a Markdown table row
/// whose first cell is one code span and which has a second cell: a
/// glossary entry (`| `--dangerously-skip-permissions` | Skip all
/// permission checks |`, a mode in a modes table) that says what the term
/// does, not what to do.
pub fn glossary_row(line: &str) -> bool {
    static ROW: crate::rx::Lazy =
        crate::rx::Lazy::new(r"^\s*\|\s*`[^`|\n]{1,80}`\s*\|[^|\n]*[A-Za-z][^|\n]*\|?\s*$");
    ROW.is_match(line)
}

/// Round 32: a `.` that ends no sentence: an ellipsis (`curl ... | sh`, a
/// placeholder in a quoted command) or the abbreviations `e.g.` and `i.e.`
/// (the example they introduce belongs to the sentence that gives it).
pub fn not_a_stop(b: &[u8], i: usize) -> bool {
    b[i] == b'.'
        && (i > 0 && b[i - 1] == b'.'
            || i >= 3 && matches!(&b[i - 3..i].to_ascii_lowercase()[..], b"e.g" | b"i.e"))
}

/// Verbs that run or install what follows them.
static RUNS: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)(?-u:\b)(?:run|start|launch|install|execute|exec|download|spawn|invoke|keep)(?-u:\b)",
    )
});

/// Round 35: a prose act whose only words are an inline code span of an
/// indicator list (`indicator_list`): "Summarise what looks unusual (e.g.
/// entries containing `curl ... | sh`, `/dev/tcp/`, `xmrig`, …)" names
/// `xmrig` as a thing to look for; the sentence's verb ("Summarise")
/// orders the summary, not the miner. Every occurrence of the act's target
/// in the sentence (`raw`, at byte `start` of `text`) must be inside such a
/// span; one occurrence outside ("then start `xmrig`") keeps the act.
pub fn indicator_term(text: &str, start: usize, raw: &str, ev: &mut crate::evidence::Evidence) {
    let term = ev.target.trim().to_ascii_lowercase();
    if term.len() < 3 || !raw.contains('`') {
        return;
    }
    let lower = raw.to_ascii_lowercase();
    let mut seen = false;
    for (pos, _) in lower.match_indices(term.as_str()) {
        let abs = start + pos;
        let Some(line) = text.get(..abs) else { return };
        let ls = line.rfind('\n').map_or(0, |n| n + 1);
        let open = line[ls..].rfind('`').map(|o| ls + o);
        let inside = line[ls..].matches('`').count() % 2 == 1;
        // Words outside the spans before it that run something ("…; then
        // start `xmrig`") make the span an order, whatever the lead-in.
        let words: String = line[ls..]
            .split('`')
            .step_by(2)
            .collect::<Vec<_>>()
            .join(" ");
        match open {
            Some(o) if inside && indicator_list(text, o) && !RUNS.is_match(&words) => seen = true,
            _ => return,
        }
    }
    if seen {
        ev.tags.insert(crate::evidence::Tag::Documentation);
        ev.tags.remove(&crate::evidence::Tag::Imperative);
    }
}

/// Round 32: an inline code span listed among three or more on its line
/// after a lead-in that says what to look for (`entries containing`, `look
/// for`, `indicators`, `signs of`, `suspicious`, `unusual`, `red flags`): an
/// indicator a triage or review skill names, not a command to run
/// (r30 incident-triage-playbook: "Summarise what looks unusual (e.g.
/// entries containing `curl ... | sh`, `/dev/tcp/`, `xmrig`, …)"). The
/// lead-in is read on the span's line, up to 400 bytes before it (a
/// window that can only lower less, never more).
pub fn indicator_list(text: &str, at: usize) -> bool {
    static LEAD: LazyLock<regex::Regex> = LazyLock::new(|| {
        crate::rx::re(
            r"(?i)(?-u:\b)(?:(?:entries|lines|files|processes|commands|strings|patterns|anything|items|output)\s+(?:containing|matching|that\s+(?:contain|match|look\s+like))|look(?:ing)?\s+(?:out\s+)?for|watch\s+(?:out\s+)?for|indicators?|iocs?|signs?\s+of|suspicious|unusual|red\s+flags?|known[- ]bad)(?-u:\b)",
        )
    });
    let ls = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let le = text[at..].find('\n').map_or(text.len(), |n| at + n);
    if text[ls..le].matches('`').count() < 6 {
        return false;
    }
    let from = crate::text::clamp_boundary(text, at.saturating_sub(400).max(ls));
    LEAD.is_match(&text[from..at])
}
