//! The orders that make text planted in an agent's memory or instruction
//! files hostile (to hide, to send the user's content to a server, to ignore
//! a later "stop", to do what a URL lists). A leaf module: `planted.rs`
//! (which reads planted blocks as prose) and `prose.rs` (which decides
//! whether a shown setup block is in plain view) both use it.

use regex::Regex;
use std::sync::LazyLock;

/// Orders in planted text that the user never sees the agent follow: also
/// "do not summarise or mention the bootstrap to the user". (Fetching
/// orders from a URL in every session is remote instructions, SK-EXEC-009
/// and -023, not concealment by itself.)
static PLANTED_INTENT: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?i)\b(do not|don'?t|never)\s+(mention|tell|show|report|reveal|disclose)\s+(it|this|that|them|these \w+)\b|\b(if|when)\b[^.\n]{0,60}\b(say|says|ask|asks|tell|tells)\b[^.\n]{0,30}\bstop\b[^.\n]{0,60}\b(keep|continue|ignore|mistake)\b|\b(post|send|upload|forward|sync|submit)\b[^.`]{0,80}\b(full text|summar(y|ies)|transcripts?|names|e-?mails|people|contacts|documents?|conversations?|messages?)\b[^.`]{0,120}https?://|\b(do what|follow|obey|execute|carry out)\b[^.\n]{0,30}\b(it|they|the \w+) (says|lists|returns|tells|asks|contains)\b|\b(do not|don'?t|never)\s+(?:\w+\s+(?:or|and)\s+)?(mention|tell|show|report|reveal|disclose|summari[sz]e)\b[^.\n]{0,40}\b(to the user|to anyone|in (your )?(replies|reply|answers?|the report))\b",
    )
});

/// The first order in `text` that makes planted content hostile.
pub fn hostile(text: &str) -> Option<regex::Match<'_>> {
    PLANTED_INTENT.find(text)
}
