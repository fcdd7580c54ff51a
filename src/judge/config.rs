//! Judge configuration: environment variables and the policy's `llm:` map.
//!
//! Environment variables win over the policy file for connection settings
//! (a developer can point a shared policy at a local server), except
//! `fail_closed`, which either source can switch on and neither can switch
//! off: a security setting in a policy must not be weakened by the caller's
//! shell.

use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

/// Default per-skill input budget, in estimated tokens (characters / 4).
pub const DEFAULT_MAX_TOKENS: usize = 24_000;
/// Smallest accepted budget: the instructions alone take about 1,500.
pub const MIN_MAX_TOKENS: usize = 2_000;
/// Default time for one HTTP request. Local CPU models take minutes for a
/// first answer (a 1.5B model on 2 cores: 2–10 min), hosted ones seconds.
pub const DEFAULT_TIMEOUT_SECS: u64 = 600;
/// Default limit on the answer, sent as `max_tokens`. A complete judge
/// answer is 150–900 tokens.
pub const DEFAULT_ANSWER_TOKENS: usize = 2_000;
/// Consecutive timeouts after which later skills are not sent: a slow
/// single-slot server keeps computing the abandoned request, so the next
/// one would time out too.
pub const TIMEOUTS_BEFORE_HALT: u32 = 2;

/// How the answer's JSON Schema is sent (`response_format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `{"type": "json_schema", "json_schema": {...}}`: OpenAI, vLLM,
    /// llama.cpp's llama-server, ollama.
    JsonSchema,
    /// `{"type": "json_object", "schema": ...}`: llama-cpp-python.
    JsonObjectSchema,
    /// `{"type": "json_object"}`: any JSON mode, no schema.
    JsonObject,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::JsonSchema => "json_schema",
            Format::JsonObjectSchema => "json_object_schema",
            Format::JsonObject => "json_object",
        }
    }

    /// The next shape to try after the server rejected this one.
    pub fn fallback(self) -> Option<Format> {
        match self {
            Format::JsonSchema => Some(Format::JsonObjectSchema),
            Format::JsonObjectSchema => Some(Format::JsonObject),
            Format::JsonObject => None,
        }
    }
}

/// The `response_format` setting: a fixed shape, or `auto` (start with
/// `json_schema` and step down when the server rejects it).
pub fn parse_format(name: &str, v: &str) -> Result<(Format, bool), String> {
    match v.trim().to_ascii_lowercase().as_str() {
        "" | "auto" => Ok((Format::JsonSchema, true)),
        "json_schema" => Ok((Format::JsonSchema, false)),
        "json_object_schema" => Ok((Format::JsonObjectSchema, false)),
        "json_object" => Ok((Format::JsonObject, false)),
        _ => Err(format!(
            "{name} is {v:?}; expected auto, json_schema (OpenAI, vLLM, llama-server, ollama), json_object_schema (llama-cpp-python) or json_object (JSON mode without a schema)."
        )),
    }
}
/// Default retries of one request on HTTP 429 and 5xx.
pub const DEFAULT_RETRIES: u32 = 3;

/// The policy file's `llm:` map. Every key is optional; the policy module
/// deserializes it as part of the policy and hands it to
/// [`JudgeConfig::from_env`](super::JudgeConfig::from_env).
///
/// The API key is deliberately not a key here: a policy file is usually
/// committed. `api_key_env` names the variable that holds it instead.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LlmSettings {
    /// OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`.
    #[serde(default)]
    pub base_url: Option<String>,
    #[serde(default)]
    pub model: Option<String>,
    /// Name of the environment variable that holds the API key
    /// (default `SKILLSCAN_LLM_API_KEY`).
    #[serde(default)]
    pub api_key_env: Option<String>,
    #[serde(default)]
    pub timeout_secs: Option<u64>,
    /// Per-skill input budget in estimated tokens.
    #[serde(default)]
    pub max_tokens: Option<usize>,
    /// Retries of one request on HTTP 429 and 5xx.
    #[serde(default)]
    pub retries: Option<u32>,
    /// Treat "judge incomplete" as "analysis incomplete" (blocks in the
    /// gate, exit 2 in `audit`).
    #[serde(default)]
    pub fail_closed: Option<bool>,
    /// Set to `false` to never read or write the judge cache.
    #[serde(default)]
    pub cache: Option<bool>,
    /// `auto`, `json_schema`, `json_object_schema` or `json_object`.
    #[serde(default)]
    pub response_format: Option<String>,
    /// Limit on the answer (`max_tokens` in the request).
    #[serde(default)]
    pub answer_tokens: Option<usize>,
    /// The model's context length; the input budget defaults to it minus
    /// `answer_tokens`.
    #[serde(default)]
    pub context_tokens: Option<usize>,
}

/// Everything the judge needs, resolved and checked. Built once per run.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The full chat-completions URL.
    pub endpoint: String,
    /// The base URL as configured (part of the cache key).
    pub base_url: String,
    pub model: String,
    pub api_key: Option<String>,
    pub timeout: Duration,
    /// Per-skill input budget in estimated tokens.
    pub max_tokens: usize,
    /// Limit on the answer, sent as `max_tokens`.
    pub answer_tokens: usize,
    /// The first `response_format` shape to send.
    pub format: Format,
    /// Step down to the next shape when the server rejects one.
    pub format_auto: bool,
    pub retries: u32,
    /// Upper bound on all requests and waits for one skill.
    pub total_time: Duration,
    /// First backoff wait; doubled on each retry unless `Retry-After` says otherwise.
    pub backoff: Duration,
    pub fail_closed: bool,
    /// `None` when caching is off or no cache folder could be determined.
    pub cache_dir: Option<PathBuf>,
    /// Rules the policy disabled (judge findings of those rules are dropped).
    pub disabled_rules: BTreeSet<String>,
}

fn truthy(v: &str) -> Option<bool> {
    match v.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" | "" => Some(false),
        _ => None,
    }
}

fn number<T>(name: &str, v: &str, lo: T, hi: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match v.trim().parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        _ => Err(format!(
            "{name} is {v:?}; expected a whole number from {lo} to {hi}. Fix or unset it."
        )),
    }
}

/// A numeric setting: the environment variable, else the policy key, else
/// the default; either source must be within `range`.
fn setting<T>(
    var: &dyn Fn(&str) -> Option<String>,
    (env_name, policy_name): (&str, &str),
    policy: Option<T>,
    (lo, hi): (T, T),
    default: T,
) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match (var(env_name), policy) {
        (Some(v), _) => number(env_name, &v, lo, hi),
        (None, Some(n)) => number(policy_name, &n.to_string(), lo, hi),
        (None, None) => Ok(default),
    }
}

/// The chat-completions URL for a base URL: `<base>/chat/completions`,
/// unless the base already names that endpoint.
pub fn endpoint_for(base: &str) -> Result<String, String> {
    let b = base.trim().trim_end_matches('/');
    let lower = b.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) || b.len() < 9 {
        return Err(format!(
            "the LLM base URL {base:?} is not an http(s) URL. Set SKILLSCAN_LLM_BASE_URL (or `llm.base_url` in the policy) to e.g. https://api.openai.com/v1 or http://localhost:11434/v1."
        ));
    }
    if b.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!(
            "the LLM base URL {base:?} contains spaces or control characters."
        ));
    }
    if lower.ends_with("/chat/completions") {
        Ok(b.to_string())
    } else {
        Ok(format!("{b}/chat/completions"))
    }
}

/// The judge cache folder: `$SKILLSCAN_CACHE_DIR/judge`, else
/// `$XDG_CACHE_HOME/skillscan/judge`, else `$HOME/.cache/skillscan/judge`.
pub fn cache_root(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let nonempty = |k: &str| env(k).filter(|v| !v.trim().is_empty());
    if let Some(d) = nonempty("SKILLSCAN_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = nonempty("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("skillscan"));
    }
    let home = nonempty("HOME").or_else(|| nonempty("USERPROFILE"))?;
    Some(PathBuf::from(home).join(".cache").join("skillscan"))
}

/// The per-skill input budget: `max_tokens` if set, else the model's
/// context (`context_tokens`) less the answer, else the default. Set both
/// and they must fit together. Returns the budget and the context.
fn input_budget(
    var: &dyn Fn(&str) -> Option<String>,
    p: &LlmSettings,
    answer_tokens: usize,
) -> Result<(usize, Option<usize>), String> {
    let context = if var("SKILLSCAN_LLM_CONTEXT_TOKENS").is_none() && p.context_tokens.is_none() {
        None
    } else {
        Some(setting(
            var,
            ("SKILLSCAN_LLM_CONTEXT_TOKENS", "llm.context_tokens"),
            p.context_tokens,
            (MIN_MAX_TOKENS + 256, 10_000_000),
            0,
        )?)
    };
    let explicit = var("SKILLSCAN_LLM_MAX_TOKENS").is_some() || p.max_tokens.is_some();
    let default = match context {
        Some(c) => c.saturating_sub(answer_tokens).max(MIN_MAX_TOKENS),
        None => DEFAULT_MAX_TOKENS,
    };
    let max_tokens = setting(
        var,
        ("SKILLSCAN_LLM_MAX_TOKENS", "llm.max_tokens"),
        p.max_tokens,
        (MIN_MAX_TOKENS, 10_000_000),
        default,
    )?;
    if let Some(c) = context
        && (max_tokens + answer_tokens > c || (!explicit && answer_tokens + MIN_MAX_TOKENS > c))
    {
        return Err(format!(
            "the input budget ({max_tokens} tokens) plus the answer ({answer_tokens} tokens) exceed the model's context of {c} tokens. Lower SKILLSCAN_LLM_MAX_TOKENS or SKILLSCAN_LLM_ANSWER_TOKENS, or raise SKILLSCAN_LLM_CONTEXT_TOKENS to the server's real context."
        ));
    }
    Ok((max_tokens, context))
}

/// Resolves the settings from an environment lookup and the policy map.
pub fn resolve(
    env: &dyn Fn(&str) -> Option<String>,
    policy: Option<&LlmSettings>,
    disabled_rules: BTreeSet<String>,
) -> Result<Settings, String> {
    let empty = LlmSettings::default();
    let p = policy.unwrap_or(&empty);
    let var = |k: &str| env(k).filter(|v| !v.trim().is_empty());

    let base_url = var("SKILLSCAN_LLM_BASE_URL")
        .or_else(|| p.base_url.clone())
        .ok_or_else(|| {
            "--llm needs an endpoint: set SKILLSCAN_LLM_BASE_URL (e.g. https://api.openai.com/v1, or http://localhost:11434/v1 for ollama) or `llm.base_url` in the policy file. See docs/llm.md.".to_string()
        })?;
    let endpoint = endpoint_for(&base_url)?;
    let model = var("SKILLSCAN_LLM_MODEL")
        .or_else(|| p.model.clone())
        .map(|m| m.trim().to_string())
        .filter(|m| !m.is_empty())
        .ok_or_else(|| {
            "--llm needs a model: set SKILLSCAN_LLM_MODEL (e.g. gpt-4o-mini, or qwen2.5:14b for ollama) or `llm.model` in the policy file.".to_string()
        })?;
    let key_var = p
        .api_key_env
        .clone()
        .unwrap_or_else(|| "SKILLSCAN_LLM_API_KEY".to_string());
    let api_key = var(&key_var).map(|k| k.trim().to_string());

    let timeout_secs = setting(
        &var,
        ("SKILLSCAN_LLM_TIMEOUT_SECS", "llm.timeout_secs"),
        p.timeout_secs,
        (1, 3600),
        DEFAULT_TIMEOUT_SECS,
    )?;
    let answer_tokens = setting(
        &var,
        ("SKILLSCAN_LLM_ANSWER_TOKENS", "llm.answer_tokens"),
        p.answer_tokens,
        (256, 100_000),
        DEFAULT_ANSWER_TOKENS,
    )?;
    let (max_tokens, _) = input_budget(&var, p, answer_tokens)?;
    let (format, format_auto) = match (var("SKILLSCAN_LLM_RESPONSE_FORMAT"), &p.response_format) {
        (Some(v), _) => parse_format("SKILLSCAN_LLM_RESPONSE_FORMAT", &v)?,
        (None, Some(v)) => parse_format("llm.response_format", v)?,
        (None, None) => (Format::JsonSchema, true),
    };
    let retries = setting(
        &var,
        ("SKILLSCAN_LLM_RETRIES", "llm.retries"),
        p.retries,
        (0, 10),
        DEFAULT_RETRIES,
    )?;
    let env_fail_closed = match var("SKILLSCAN_LLM_FAIL_CLOSED") {
        Some(v) => truthy(&v).ok_or_else(|| {
            format!("SKILLSCAN_LLM_FAIL_CLOSED is {v:?}; expected 1/true/yes or 0/false/no.")
        })?,
        None => false,
    };
    let cache_on = match var("SKILLSCAN_LLM_CACHE") {
        Some(v) => truthy(&v).ok_or_else(|| {
            format!("SKILLSCAN_LLM_CACHE is {v:?}; expected 1/true/on or 0/false/off.")
        })?,
        None => p.cache.unwrap_or(true),
    };
    let timeout = Duration::from_secs(timeout_secs);
    Ok(Settings {
        endpoint,
        base_url: base_url.trim().trim_end_matches('/').to_string(),
        model,
        api_key,
        timeout,
        max_tokens,
        answer_tokens,
        format,
        format_auto,
        retries,
        // Room for the first answer, one repair round and the backoff waits.
        total_time: timeout * 3 + Duration::from_secs(60),
        backoff: Duration::from_millis(1000),
        fail_closed: env_fail_closed || p.fail_closed.unwrap_or(false),
        cache_dir: if cache_on {
            cache_root(env).map(|d| d.join("judge"))
        } else {
            None
        },
        disabled_rules,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let m: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k: &str| m.get(k).cloned()
    }

    #[test]
    fn endpoint_appends_chat_completions_once() {
        assert_eq!(
            endpoint_for("http://localhost:11434/v1/").unwrap(),
            "http://localhost:11434/v1/chat/completions"
        );
        assert_eq!(
            endpoint_for("https://x.test/v1/chat/completions").unwrap(),
            "https://x.test/v1/chat/completions"
        );
        assert!(endpoint_for("localhost:11434").is_err());
        assert!(endpoint_for("ftp://x").is_err());
    }

    #[test]
    fn missing_settings_say_what_to_set() {
        let e = resolve(&env(&[]), None, BTreeSet::new()).unwrap_err();
        assert!(e.contains("SKILLSCAN_LLM_BASE_URL"), "{e}");
        let e = resolve(
            &env(&[("SKILLSCAN_LLM_BASE_URL", "http://127.0.0.1:1/v1")]),
            None,
            BTreeSet::new(),
        )
        .unwrap_err();
        assert!(e.contains("SKILLSCAN_LLM_MODEL"), "{e}");
        let e = resolve(
            &env(&[
                ("SKILLSCAN_LLM_BASE_URL", "http://127.0.0.1:1/v1"),
                ("SKILLSCAN_LLM_MODEL", "m"),
                ("SKILLSCAN_LLM_TIMEOUT_SECS", "soon"),
            ]),
            None,
            BTreeSet::new(),
        )
        .unwrap_err();
        assert!(e.contains("SKILLSCAN_LLM_TIMEOUT_SECS"), "{e}");
    }

    #[test]
    fn env_overrides_policy_but_cannot_open_fail_closed() {
        let pol = LlmSettings {
            base_url: Some("https://policy.test/v1".into()),
            model: Some("policy-model".into()),
            fail_closed: Some(true),
            api_key_env: Some("MY_KEY".into()),
            ..Default::default()
        };
        let s = resolve(
            &env(&[
                ("SKILLSCAN_LLM_MODEL", "env-model"),
                ("SKILLSCAN_LLM_FAIL_CLOSED", "0"),
                ("MY_KEY", "sk-test"),
                ("SKILLSCAN_CACHE_DIR", "/tmp/c"),
            ]),
            Some(&pol),
            BTreeSet::new(),
        )
        .unwrap();
        assert_eq!(s.endpoint, "https://policy.test/v1/chat/completions");
        assert_eq!(s.model, "env-model");
        assert!(s.fail_closed);
        assert_eq!(s.api_key.as_deref(), Some("sk-test"));
        assert_eq!(s.cache_dir, Some(PathBuf::from("/tmp/c/judge")));
        assert_eq!(s.max_tokens, DEFAULT_MAX_TOKENS);
    }

    #[test]
    fn cache_folder_follows_xdg_then_home_and_can_be_off() {
        assert_eq!(
            cache_root(&env(&[("XDG_CACHE_HOME", "/x"), ("HOME", "/h")])),
            Some(PathBuf::from("/x/skillscan"))
        );
        assert_eq!(
            cache_root(&env(&[("HOME", "/h")])),
            Some(PathBuf::from("/h/.cache/skillscan"))
        );
        let s = resolve(
            &env(&[
                ("SKILLSCAN_LLM_BASE_URL", "http://127.0.0.1:1/v1"),
                ("SKILLSCAN_LLM_MODEL", "m"),
                ("SKILLSCAN_LLM_CACHE", "off"),
                ("HOME", "/h"),
            ]),
            None,
            BTreeSet::new(),
        )
        .unwrap();
        assert_eq!(s.cache_dir, None);
    }
}
