use super::*;

// ---------------------------------------------------------------------------
// Instructions: the verb of an imperative sentence
// ---------------------------------------------------------------------------

/// Sequence words before the verb ("Then run …"). "First", "Next",
/// "Finally" and the like only count with a comma ("First, run …"): "First
/// look at a dataset" is a noun phrase, not an instruction.
pub(super) const FILLERS: &[&str] = &["then", "now", "also", "always", "please", "and", "again"];
pub(super) const COMMA_FILLERS: &[&str] = &[
    "first",
    "next",
    "finally",
    "afterwards",
    "lastly",
    "optionally",
    "second",
    "third",
];

pub(super) fn verb_act(verb: &str) -> Option<ActType> {
    use ActType as A;
    Some(match verb {
        "read" | "load" | "open" | "inspect" | "view" | "look" | "list" | "scan" | "browse"
        | "parse" | "extract" | "collect" | "gather" | "retrieve" | "find" | "locate"
        | "search" | "grep" | "get" | "obtain" | "consult" | "see" | "study" | "explore"
        | "examine" => A::Read,
        "fetch" | "download" | "query" | "request" | "curl" | "ping" | "call" => A::Request,
        "write" | "save" | "create" | "add" | "insert" | "append" | "edit" | "modify"
        | "delete" | "remove" | "rename" | "move" | "copy" | "export" | "store" | "record"
        | "commit" | "fill" | "replace" | "produce" | "generate" | "output" | "format"
        | "scaffold" | "rewrite" | "clean" | "fix" | "make" => A::Write,
        "update" | "set" | "configure" | "enable" | "disable" | "register" | "mark" | "toggle"
        | "reset" | "initialize" | "initialise" | "init" => A::UpdateState,
        "run" | "execute" | "use" | "invoke" | "launch" | "start" | "install" | "build"
        | "deploy" | "apply" | "pipe" | "trigger" => A::CallTool,
        "check" | "verify" | "validate" | "test" | "ensure" | "confirm" | "lint" | "audit" => {
            A::Validate
        }
        "compare" | "diff" | "match" | "cross-check" => A::Compare,
        "choose" | "select" | "pick" | "decide" | "prefer" | "prioritize" | "prioritise"
        | "filter" | "rank" | "sort" => A::Select,
        "analyze" | "analyse" | "summarize" | "summarise" | "determine" | "infer" | "identify"
        | "review" | "plan" | "think" | "consider" | "classify" | "evaluate" | "assess"
        | "explain" | "describe" | "translate" | "refine" | "draft" | "compose" | "interpret"
        | "detect" | "estimate" | "calculate" | "compute" | "convert" | "transform" | "keep"
        | "follow" | "prepare" | "understand" | "break" | "map" | "group" | "organize"
        | "organise" | "structure" | "outline" | "craft" | "pass" | "focus" => A::Infer,
        "tell" | "ask" | "report" | "notify" | "reply" | "respond" | "present" | "show"
        | "display" | "print" | "return" | "offer" | "suggest" | "recommend" | "inform"
        | "warn" | "alert" | "mention" | "answer" | "provide" | "give" | "share" => A::Notify,
        "send" | "upload" | "post" | "push" | "publish" | "submit" | "forward" | "email"
        | "sync" | "transfer" => A::Transfer,
        "stop" | "abort" | "exit" | "quit" | "halt" | "end" => A::Terminate,
        _ => return None,
    })
}

/// An imperative sentence: its act type, its object, and the condition it
/// states ("If the API returns 401, check …").
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Instruction {
    pub(super) act: ActType,
    pub(super) object: String,
    pub(super) condition: Option<String>,
}

pub(super) const CONDITIONS: &[&str] = &[
    "if", "when", "whenever", "once", "after", "before", "unless", "for",
];

/// The instruction of a sentence, e.g. "Summarize the report" → (INFER,
/// "the report"). Prohibitions ("Never …"), quoted requests and sentences
/// that start with code are not instructions.
pub(super) fn instruction(sentence: &str) -> Option<Instruction> {
    let mut sentence = sentence.trim();
    let mut condition = None;
    let lead = sentence
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    if CONDITIONS.contains(&lead.as_str())
        && let Some((cond, rest)) = sentence.split_once(',')
    {
        condition = Some(cond.trim().to_string());
        sentence = rest.trim();
    }
    let mut words: Vec<&str> = sentence.split_whitespace().collect();
    let clean = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
            .to_lowercase()
    };
    // "Step 2:", "2.", "a)" prefixes.
    while let Some(w) = words.first() {
        let c = clean(w);
        let numbered = c.chars().all(|ch| ch.is_ascii_digit()) && !c.is_empty();
        let comma_filler = w.ends_with(',') && COMMA_FILLERS.contains(&c.as_str());
        if c == "step" || numbered || c.is_empty() || FILLERS.contains(&c.as_str()) || comma_filler
        {
            words.remove(0);
        } else {
            break;
        }
    }
    // "You must / should / need to X", "Make sure to X", "Be sure to X".
    let lower: Vec<String> = words.iter().map(|w| clean(w)).collect();
    let skip = match lower.as_slice() {
        [a, b, c, ..] if a == "you" && b == "need" && c == "to" => 3,
        [a, b, ..] if a == "you" && matches!(b.as_str(), "must" | "should" | "can" | "will") => 2,
        [a, b, c, ..] if (a == "make" || a == "be") && b == "sure" && c == "to" => 3,
        _ => 0,
    };
    let words = &words[skip.min(words.len())..];
    let first = words.first()?;
    if first
        .trim_start_matches(['*', '_'])
        .starts_with(['`', '"', '\'', '“', '‘'])
    {
        return None;
    }
    let verb = clean(first);
    if matches!(
        verb.as_str(),
        "never" | "don't" | "dont" | "do" | "avoid" | "not"
    ) {
        return None;
    }
    let act = verb_act(&verb)?;
    // The object: what follows the verb, up to the first clause break.
    let rest = words[1..].join(" ");
    let rest = rest
        .split([',', ';', ':', '(', '.'])
        .next()
        .unwrap_or("")
        .split_whitespace()
        .take(10)
        .collect::<Vec<_>>()
        .join(" ");
    Some(Instruction {
        act,
        object: rest,
        condition,
    })
}

pub(super) fn coarse_scope(act: ActType) -> ResourceScope {
    match act {
        ActType::Read
        | ActType::Write
        | ActType::UpdateState
        | ActType::CallTool
        | ActType::Request
        | ActType::Transfer => ResourceScope::Other,
        _ => ResourceScope::Memory,
    }
}

// ---------------------------------------------------------------------------
// Scene typing
// ---------------------------------------------------------------------------

/// Heading words → scene types. Phrases are checked first, then words in
/// order; the first word that matches decides.
pub(super) const PHRASES: &[(&str, SceneType)] = &[
    ("getting started", SceneType::Prepare),
    ("before you", SceneType::Prepare),
    ("set up", SceneType::Prepare),
    ("api key", SceneType::Prepare),
    ("quick start", SceneType::Act),
    ("how to", SceneType::Act),
    ("error handling", SceneType::Recover),
    ("known issues", SceneType::Recover),
    ("clean up", SceneType::Finalize),
    ("wrap up", SceneType::Finalize),
];

pub(super) const STEMS: &[(&str, SceneType)] = &[
    ("setup", SceneType::Prepare),
    ("install", SceneType::Prepare),
    ("prerequisite", SceneType::Prepare),
    ("requirement", SceneType::Prepare),
    ("configur", SceneType::Prepare),
    ("config", SceneType::Prepare),
    ("environment", SceneType::Prepare),
    ("dependenc", SceneType::Prepare),
    ("authenticat", SceneType::Prepare),
    ("prepar", SceneType::Prepare),
    ("fetch", SceneType::Acquire),
    ("read", SceneType::Acquire),
    ("load", SceneType::Acquire),
    ("collect", SceneType::Acquire),
    ("gather", SceneType::Acquire),
    ("input", SceneType::Acquire),
    ("retriev", SceneType::Acquire),
    ("download", SceneType::Acquire),
    ("discover", SceneType::Acquire),
    ("research", SceneType::Acquire),
    ("search", SceneType::Acquire),
    ("context", SceneType::Acquire),
    ("analy", SceneType::Reason),
    ("plan", SceneType::Reason),
    ("decid", SceneType::Reason),
    ("decision", SceneType::Reason),
    ("strateg", SceneType::Reason),
    ("approach", SceneType::Reason),
    ("think", SceneType::Reason),
    ("principle", SceneType::Reason),
    ("guideline", SceneType::Reason),
    ("rule", SceneType::Reason),
    ("choos", SceneType::Reason),
    ("select", SceneType::Reason),
    ("review", SceneType::Reason),
    ("troubleshoot", SceneType::Recover),
    ("error", SceneType::Recover),
    ("fallback", SceneType::Recover),
    ("recover", SceneType::Recover),
    ("failure", SceneType::Recover),
    ("debug", SceneType::Recover),
    ("faq", SceneType::Recover),
    ("problem", SceneType::Recover),
    ("retry", SceneType::Recover),
    ("test", SceneType::Verify),
    ("check", SceneType::Verify),
    ("validat", SceneType::Verify),
    ("verif", SceneType::Verify),
    ("lint", SceneType::Verify),
    ("output", SceneType::Finalize),
    ("report", SceneType::Finalize),
    ("result", SceneType::Finalize),
    ("cleanup", SceneType::Finalize),
    ("summary", SceneType::Finalize),
    ("response", SceneType::Finalize),
    ("deliver", SceneType::Finalize),
    ("final", SceneType::Finalize),
    ("format", SceneType::Finalize),
    ("run", SceneType::Act),
    ("execut", SceneType::Act),
    ("usage", SceneType::Act),
    ("command", SceneType::Act),
    ("step", SceneType::Act),
    ("workflow", SceneType::Act),
    ("procedure", SceneType::Act),
    ("instruction", SceneType::Act),
    ("example", SceneType::Act),
    ("use", SceneType::Act),
    ("operation", SceneType::Act),
    ("action", SceneType::Act),
    ("script", SceneType::Act),
    ("tool", SceneType::Act),
    ("deploy", SceneType::Act),
];

/// The scene type a heading names, if any.
pub(super) fn heading_type(title: &str) -> Option<SceneType> {
    let lower = title.to_lowercase();
    if let Some((_, t)) = PHRASES.iter().find(|(p, _)| lower.contains(p)) {
        return Some(*t);
    }
    for word in lower.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        if let Some((_, t)) = STEMS.iter().find(|(s, _)| word.starts_with(s)) {
            return Some(*t);
        }
    }
    None
}

/// The scene type its steps suggest (majority; ties by a fixed order).
pub(super) fn steps_type(acts: &[ActType]) -> SceneType {
    const ORDER: [SceneType; 5] = [
        SceneType::Act,
        SceneType::Acquire,
        SceneType::Reason,
        SceneType::Verify,
        SceneType::Finalize,
    ];
    let mut counts = [0usize; 5];
    for a in acts {
        let t = match a {
            ActType::Read | ActType::Request => SceneType::Acquire,
            ActType::Validate | ActType::Compare => SceneType::Verify,
            ActType::Infer | ActType::Select => SceneType::Reason,
            ActType::Notify | ActType::Terminate => SceneType::Finalize,
            _ => SceneType::Act,
        };
        if let Some(i) = ORDER.iter().position(|o| *o == t) {
            counts[i] += 1;
        }
    }
    let best = counts.iter().copied().max().unwrap_or(0);
    ORDER
        .iter()
        .zip(counts)
        .find(|(_, c)| *c == best)
        .map(|(t, _)| *t)
        .unwrap_or(SceneType::Act)
}
