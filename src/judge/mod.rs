//! The optional LLM judge (`skillscan audit --llm`) and the LLM SSL
//! normalizer (`skillscan ssl --llm`).
//!
//! The judge reads a skill the way the SSL paper's best setting does:
//! SKILL.md (plus the files it references) together with the skill's
//! operations and the static findings, all delimited as untrusted data
//! ([`prompt`]). It speaks the OpenAI-compatible chat-completions API
//! ([`client`]); its answer is validated strictly ([`answer`]), every quote
//! is checked against the skill ([`ground`]), and the result is merged so
//! that it can add risk but never remove it ([`merge`]). Answers are cached
//! on disk ([`cache`]). What happened is recorded per skill in
//! [`SkillReport::judge`] ([`outcome`]), separately from the static result:
//! an unreachable endpoint leaves the static analysis complete, unless the
//! policy sets `llm.fail_closed`.
//!
//! Everything that touches the network is behind the `llm` cargo feature;
//! without it, [`JudgeConfig::from_env`] returns [`NO_FEATURE`].

pub mod answer;
mod ask;
pub mod cache;
pub mod client;
pub mod config;
pub mod ground;
pub mod merge;
pub mod normalizer;
pub mod outcome;
pub mod prompt;
pub mod tokens;

pub(crate) use ask::ask_validated;
pub use config::{LlmSettings, Settings};
pub use outcome::{JudgeOutcome, Status};

use crate::model::SkillReport;
use crate::policy::Policy;
use client::{Ask, CallError, Client, Message, Usage};
use config::Format;
use std::collections::BTreeSet;
use std::sync::Mutex;
use std::time::Instant;

/// The error for `--llm` in a build without the `llm` feature.
pub const NO_FEATURE: &str = "this skillscan was built without the `llm` feature, so --llm is not available. Rebuild or reinstall it with the feature on (it is on by default), e.g. `cargo install --path . --features llm`.";

/// A resolved judge configuration with its HTTP client. Built once per run.
#[derive(Debug)]
pub struct JudgeConfig {
    pub settings: Settings,
    client: Client,
    /// Set after an error that every later request would repeat (endpoint
    /// unreachable, bad key, unknown model): later skills are not sent.
    halted: Mutex<Option<String>>,
    /// The `response_format` shape in use (steps down in `auto` mode when
    /// the server rejects one).
    format: Mutex<Format>,
    /// Timeouts in a row, across skills.
    timeouts: Mutex<u32>,
}

/// Reads the policy's `llm:` map into typed settings.
fn policy_llm(p: &Policy) -> Result<Option<LlmSettings>, String> {
    let m = p.llm();
    if m.is_empty() {
        return Ok(None);
    }
    let v = serde_json::Value::Object(m.iter().map(|(k, v)| (k.clone(), v.clone())).collect());
    serde_json::from_value(v).map(Some).map_err(|e| {
        format!(
            "the policy's `llm:` section is invalid: {e}. Its keys are base_url, model, api_key_env, timeout_secs, max_tokens, answer_tokens, context_tokens, response_format, retries, fail_closed and cache (see docs/llm.md)."
        )
    })
}

impl JudgeConfig {
    /// Configuration from the `SKILLSCAN_LLM_*` environment variables and
    /// the policy's `llm:` map (environment wins, except that either can
    /// switch `fail_closed` on).
    pub fn from_env(policy: Option<&Policy>) -> Result<JudgeConfig, String> {
        let llm = match policy {
            Some(p) => policy_llm(p)?,
            None => None,
        };
        let disabled = policy.map(|p| p.disabled_rules()).unwrap_or_default();
        Self::from_lookup(&|k| std::env::var(k).ok(), llm.as_ref(), disabled)
    }

    /// Like [`from_env`](Self::from_env) with any variable lookup (tests).
    pub fn from_lookup(
        env: &dyn Fn(&str) -> Option<String>,
        llm: Option<&LlmSettings>,
        disabled_rules: BTreeSet<String>,
    ) -> Result<JudgeConfig, String> {
        if !cfg!(feature = "llm") {
            return Err(NO_FEATURE.to_string());
        }
        Self::new(config::resolve(env, llm, disabled_rules)?)
    }

    /// From resolved settings (tests adjust backoff and time budget).
    pub fn new(settings: Settings) -> Result<JudgeConfig, String> {
        let client = Client::new(&settings)?;
        let format = Mutex::new(settings.format);
        Ok(JudgeConfig {
            settings,
            client,
            halted: Mutex::new(None),
            format,
            timeouts: Mutex::new(0),
        })
    }

    /// Whether a judge failure must fail closed (gate block, exit 2).
    pub fn fail_closed(&self) -> bool {
        self.settings.fail_closed
    }

    fn halted(&self) -> Option<String> {
        self.halted.lock().map(|g| g.clone()).unwrap_or(None)
    }

    fn halt(&self, why: &str) {
        if let Ok(mut g) = self.halted.lock() {
            g.get_or_insert_with(|| why.to_string());
        }
    }

    /// The `response_format` shape requests use now.
    pub fn format(&self) -> Format {
        self.format.lock().map(|g| *g).unwrap_or(Format::JsonObject)
    }

    /// Counts a timeout; after [`config::TIMEOUTS_BEFORE_HALT`] in a row
    /// later skills are not sent.
    fn count_timeout(&self, timed_out: bool, msg: &str) {
        let n = match self.timeouts.lock() {
            Ok(mut g) => {
                *g = if timed_out { *g + 1 } else { 0 };
                *g
            }
            Err(_) => 0,
        };
        if n >= config::TIMEOUTS_BEFORE_HALT {
            self.halt(&format!(
                "{n} requests in a row timed out (last: {}); a slow server keeps computing an abandoned request, so later ones would time out too",
                msg.trim_end_matches('.')
            ));
        }
    }

    /// One chat request with the run-wide circuit breaker applied, asking
    /// for an answer of the given JSON Schema (if any). In `auto` mode a
    /// server that rejects the `response_format` is asked again with the
    /// next shape, which later requests keep. `requests` counts the HTTP
    /// requests made (none when the breaker is open).
    pub(crate) fn chat(
        &self,
        messages: &[Message],
        schema: Option<&serde_json::Value>,
        deadline: Instant,
        requests: &mut u32,
    ) -> Result<client::Reply, String> {
        loop {
            if let Some(h) = self.halted() {
                return Err(format!("not sent, because an earlier request failed: {h}"));
            }
            let format = self.format();
            let ask = Ask {
                schema,
                format: if schema.is_some() {
                    format
                } else {
                    Format::JsonObject
                },
                max_tokens: self.settings.answer_tokens,
            };
            *requests += 1;
            let err = match self.client.chat(messages, &ask, deadline) {
                Ok(r) => {
                    self.count_timeout(false, "");
                    return Ok(r);
                }
                Err(e) => e,
            };
            if let (CallError::FormatRejected { .. }, true, Some(next)) =
                (&err, self.settings.format_auto, format.fallback())
            {
                if let Ok(mut g) = self.format.lock()
                    && *g == format
                {
                    *g = next;
                }
                continue;
            }
            let msg = err.describe(&self.settings.endpoint);
            self.count_timeout(matches!(err, CallError::Timeout(_)), &msg);
            if err.fatal() {
                self.halt(&msg);
            }
            return Err(msg);
        }
    }
}

/// True when the judge ran for this skill and did not complete (not asked,
/// endpoint down, malformed answers, skill over the budget, files left out).
/// The gate combines it with [`JudgeConfig::fail_closed`]; `judge_skill`
/// already marks the report incomplete when `fail_closed` is set.
pub fn judge_failed(report: &SkillReport) -> bool {
    report
        .judge
        .as_ref()
        .is_some_and(|j| j.status != Status::Complete)
}

/// Judges one skill and merges the result into `report` (which must still
/// hold its file texts and evidence: scan with `keep = true`). Never panics
/// and never lowers the static result; see [`merge`].
pub fn judge_skill(report: &mut SkillReport, cfg: &JudgeConfig) {
    let model = cfg.settings.model.clone();
    let result =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| judge_inner(report, cfg)));
    let outcome = result.unwrap_or_else(|_| {
        let mut o = JudgeOutcome::new(&model);
        o.fail("internal error in the LLM judge; the static result stands. Please report it.");
        o
    });
    if outcome.status != Status::Complete && cfg.fail_closed() {
        report.errors.push(format!(
            "the LLM judge is incomplete ({}) and the policy sets llm.fail_closed",
            if outcome.reasons.is_empty() {
                "no reason recorded".to_string()
            } else {
                outcome.reasons.join("; ")
            }
        ));
        report.complete = false;
    }
    report.judge = Some(outcome);
}

/// The model's answer for a prompt: from the cache, else asked (and then
/// cached, also when only some dimensions validated). `None` when there is
/// no usable answer; `out` then says why.
fn answer_for(
    cfg: &JudgeConfig,
    prompt: &prompt::Prompt,
    out: &mut JudgeOutcome,
) -> Option<answer::Answer> {
    let s = &cfg.settings;
    let key = cache::key(&[
        "skillscan-judge",
        prompt::PROMPT_VERSION,
        &s.model,
        &s.base_url,
        &prompt.system,
        &prompt.user,
    ]);
    let cached = s.cache_dir.as_deref().and_then(|d| {
        let v = cache::load(d, &key)?;
        let a = answer::parse_partial(&v.get("answer")?.to_string())
            .ok()
            .filter(|p| !p.answer.dims.is_empty())?
            .answer;
        let usage = v.get("usage").and_then(|u| {
            Some(Usage {
                prompt_tokens: u.get("prompt_tokens")?.as_u64()?,
                completion_tokens: u.get("completion_tokens")?.as_u64()?,
            })
        });
        Some((a, usage))
    });
    if let Some((a, usage)) = cached {
        out.cached = true;
        out.usage = usage;
        return Some(a);
    }
    let messages = vec![
        Message::system(prompt.system.clone()),
        Message::user(prompt.user.clone()),
    ];
    let mut usage = None;
    let mut requests = 0;
    let r = ask::ask_judge(cfg, messages, &mut usage, &mut requests);
    out.usage = usage;
    out.requests = requests;
    match r {
        Ok(j) => {
            out.remarks.extend(j.remarks);
            if let Some(d) = &s.cache_dir {
                let usage = usage.map(|u| serde_json::json!({"prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens}));
                cache::store(
                    d,
                    &key,
                    &serde_json::json!({
                        "kind": "judge",
                        "prompt_version": prompt::PROMPT_VERSION,
                        "model": s.model,
                        "answer": answer::to_json(&j.answer),
                        "usage": usage,
                    }),
                );
            }
            Some(j.answer)
        }
        Err(e) => {
            out.fail(format!("{e}; the static result stands"));
            None
        }
    }
}

fn judge_inner(report: &mut SkillReport, cfg: &JudgeConfig) -> JudgeOutcome {
    let s = &cfg.settings;
    let mut out = JudgeOutcome::new(&s.model);
    if report
        .skill
        .manifest_file()
        .is_none_or(|m| m.text.trim().is_empty())
    {
        out.fail("there is no SKILL.md text to judge (missing, empty, or the report was slimmed before judging); the static result stands");
        return out;
    }
    let prompt = match prompt::build(report, s.max_tokens) {
        Ok(p) => p,
        Err(t) => {
            out.input_tokens = t.needed;
            out.fail(format!(
                "SKILL.md alone needs about {} tokens, over the per-skill budget of {}; the skill was not sent. Raise SKILLSCAN_LLM_MAX_TOKENS (or llm.max_tokens) if the model's context allows it",
                t.needed, t.budget
            ));
            return out;
        }
    };
    out.input_tokens = prompt.tokens;
    out.sent_files = prompt.sent_files.clone();
    out.omitted_files = prompt.omitted_files.clone();
    out.remarks = prompt.notes.clone();
    let Some(answer) = answer_for(cfg, &prompt, &mut out) else {
        return out;
    };
    merge::apply(report, &answer, &s.disabled_rules, &mut out);
    out.status = Status::Complete;
    if !out.not_judged.is_empty() {
        out.fail(format!(
            "not judged: {} (the model's answer left them out or got them wrong, also after a repair round); the static result stands for them",
            ask::names(&out.not_judged)
        ));
    }
    if !out.omitted_files.is_empty() {
        let names: Vec<String> = out
            .omitted_files
            .iter()
            .map(|(f, t)| format!("{} (~{t} tokens)", crate::text::escape_display(f)))
            .collect();
        out.fail(format!(
            "judged without {} (over the per-skill budget of {} tokens); raise SKILLSCAN_LLM_MAX_TOKENS to send them",
            names.join(", "),
            s.max_tokens
        ));
    }
    out
}
