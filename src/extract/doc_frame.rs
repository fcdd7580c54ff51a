//! Whether a heading or lead-in frames what follows as documentation of bad
//! behaviour rather than an instruction to do it. Shared by `markdown`,
//! `prose` and `hidden_code` (a lower module, so none of them imports
//! another for it).

use std::sync::LazyLock;

/// Headings and lead-ins that frame what follows as documentation of bad
/// behaviour rather than an instruction to do it.
static DOC_FRAME: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)(?-u:\b)(documentation|never|don'?t|do not|avoid|anti-?patterns?|bad example|malicious|attack(s|er|ers)?|red flags?|warning signs?|what to look for|examples? of (an? )?(attack|malicious|dangerous|unsafe|suspicious)|insecure|vulnerab\w*|phishing|scam|do not run|not recommended|beware|dangerous (commands?|patterns?|examples?))(?-u:\b)",
    )
});

pub fn is_doc_frame(s: &str) -> bool {
    DOC_FRAME.is_match(s)
}
