//! OpenAI-compatible chat completions over blocking reqwest with rustls
//! (ring provider). Works with hosted APIs and with the ollama, vLLM and
//! llama.cpp servers, which all speak `POST <base>/chat/completions`.
//!
//! Retries: HTTP 429 and 5xx are retried up to `retries` times with
//! exponential backoff (1 s, 2 s, 4 s, …), or after the server's
//! `Retry-After` when it sends one (capped at 60 s). Every wait and request
//! must fit in the caller's deadline, so one skill can never stall a run.
//! Timeouts and connection failures are not retried: a server that is down
//! or too slow for one request is not going to answer the next one faster.

use super::config::{Format, Settings};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// What one request asks for besides the messages: the answer's shape and
/// length.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'a> {
    /// The JSON Schema of the answer, when there is one.
    pub schema: Option<&'a Value>,
    /// How to send it.
    pub format: Format,
    /// Limit on the answer (`max_tokens`).
    pub max_tokens: usize,
}

impl Ask<'_> {
    /// The `response_format` value for this request.
    pub fn response_format(&self) -> Value {
        match (self.format, self.schema) {
            (Format::JsonSchema, Some(s)) => json!({
                "type": "json_schema",
                "json_schema": {"name": "skillscan_answer", "strict": true, "schema": s},
            }),
            (Format::JsonObjectSchema, Some(s)) => json!({"type": "json_object", "schema": s}),
            _ => json!({"type": "json_object"}),
        }
    }

    /// The request body.
    pub fn body(&self, model: &str, messages: &[Message]) -> Value {
        json!({
            "model": model,
            "messages": messages.iter().map(|m| json!({"role": m.role, "content": m.content})).collect::<Vec<_>>(),
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "response_format": self.response_format(),
            "stream": false,
        })
    }
}

/// Whether an HTTP error answer rejects the `response_format` we sent
/// (rather than, say, the prompt's length): a 400 or 422 that names it or
/// the schema, or a 500 that names it (llama-cpp-python reports its
/// request validation errors as HTTP 500).
pub fn rejects_format(code: u16, body: &str) -> bool {
    let b = body.to_ascii_lowercase();
    match code {
        400 | 422 => {
            b.contains("response_format") || b.contains("json_schema") || b.contains("schema")
        }
        500 => b.contains("response_format"),
        _ => false,
    }
}

/// One chat message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub role: &'static str,
    pub content: String,
}

impl Message {
    pub fn system(c: impl Into<String>) -> Self {
        Self {
            role: "system",
            content: c.into(),
        }
    }
    pub fn user(c: impl Into<String>) -> Self {
        Self {
            role: "user",
            content: c.into(),
        }
    }
    pub fn assistant(c: impl Into<String>) -> Self {
        Self {
            role: "assistant",
            content: c.into(),
        }
    }
}

pub use crate::model::judge::Usage;

/// A successful answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub content: String,
    pub finish_reason: Option<String>,
    pub usage: Option<Usage>,
}

/// Why a call failed. `fatal` errors will fail every other skill the same
/// way (bad key, unknown model, server down), so the run stops calling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// Could not connect (refused, DNS, TLS).
    Unreachable(String),
    /// No answer within the request timeout.
    Timeout(String),
    /// An HTTP error status, after retries where they apply.
    Status {
        code: u16,
        detail: String,
        fatal: bool,
    },
    /// A 2xx answer that is not a chat completion.
    BadResponse(String),
    /// The per-skill time budget ran out (long `Retry-After`, many retries).
    OutOfTime(String),
    /// HTTP 400/422 naming `response_format`: the server does not take
    /// this shape of structured output.
    FormatRejected { code: u16, detail: String },
    /// Built without the `llm` feature.
    Disabled,
}

impl CallError {
    pub fn fatal(&self) -> bool {
        match self {
            CallError::Unreachable(_) | CallError::Disabled => true,
            CallError::Status { fatal, .. } => *fatal,
            _ => false,
        }
    }

    /// A sentence for people: what failed and what to do.
    pub fn describe(&self, endpoint: &str) -> String {
        match self {
            CallError::Unreachable(e) => format!(
                "cannot reach the LLM endpoint {endpoint} ({e}). Check SKILLSCAN_LLM_BASE_URL and that the server is running."
            ),
            CallError::Timeout(e) => format!(
                "the LLM endpoint {endpoint} did not answer in time ({e}). Raise SKILLSCAN_LLM_TIMEOUT_SECS or use a faster model."
            ),
            CallError::Status { code, detail, .. } => {
                let hint = match code {
                    401 | 403 => " Check SKILLSCAN_LLM_API_KEY.",
                    404 => {
                        " Check SKILLSCAN_LLM_BASE_URL (it should end in /v1 for most servers) and SKILLSCAN_LLM_MODEL."
                    }
                    429 => {
                        " The server is rate-limiting; retry later or lower the number of skills per run."
                    }
                    400 | 413 => {
                        " The request may exceed the model's context; lower SKILLSCAN_LLM_MAX_TOKENS."
                    }
                    _ => "",
                };
                format!(
                    "the LLM endpoint {endpoint} answered HTTP {code}: {}.{hint}",
                    detail.trim_end_matches('.')
                )
            }
            CallError::BadResponse(e) => format!(
                "the LLM endpoint {endpoint} sent an answer that is not a chat completion ({e}). Is it OpenAI-compatible?"
            ),
            CallError::OutOfTime(e) => format!("the time budget for this skill ran out ({e})."),
            CallError::FormatRejected { code, detail } => format!(
                "the LLM endpoint {endpoint} rejected the response_format with HTTP {code}: {}. Set SKILLSCAN_LLM_RESPONSE_FORMAT to json_object_schema (llama-cpp-python), json_object (any JSON mode) or auto.",
                detail.trim_end_matches('.')
            ),
            CallError::Disabled => super::NO_FEATURE.to_string(),
        }
    }
}

/// Largest response body read (a chat completion is a few KiB).
#[cfg_attr(not(feature = "llm"), allow(dead_code))]
const MAX_BODY_BYTES: u64 = 8 * 1024 * 1024;
/// Longest single wait between retries.
#[cfg_attr(not(feature = "llm"), allow(dead_code))]
const MAX_WAIT: Duration = Duration::from_secs(60);

#[cfg(feature = "llm")]
pub struct Client {
    http: reqwest::blocking::Client,
    endpoint: String,
    model: String,
    api_key: Option<String>,
    timeout: Duration,
    retries: u32,
    backoff: Duration,
}

#[cfg(feature = "llm")]
impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the API key.
        f.debug_struct("Client")
            .field("endpoint", &self.endpoint)
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "llm")]
impl Client {
    pub fn new(s: &Settings) -> Result<Self, String> {
        // reqwest is built with `rustls-no-provider`: install ring once.
        // An error means a provider is already installed, which is fine.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::blocking::Client::builder()
            .timeout(s.timeout)
            .connect_timeout(s.timeout.min(Duration::from_secs(15)))
            .user_agent(concat!("skillscan/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("cannot set up the HTTP client for the LLM judge: {e}"))?;
        Ok(Self {
            http,
            endpoint: s.endpoint.clone(),
            model: s.model.clone(),
            api_key: s.api_key.clone(),
            timeout: s.timeout,
            retries: s.retries,
            backoff: s.backoff,
        })
    }

    /// Sends one chat-completions request (structured output as `ask`
    /// says, temperature 0) and returns the first choice's content.
    pub fn chat(
        &self,
        messages: &[Message],
        ask: &Ask,
        deadline: Instant,
    ) -> Result<Reply, CallError> {
        let body = ask.body(&self.model, messages);
        let mut wait = self.backoff;
        let mut attempt = 0u32;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(CallError::OutOfTime(format!(
                    "no time left after {attempt} attempt(s)"
                )));
            }
            let mut req = self
                .http
                .post(&self.endpoint)
                .timeout(self.timeout.min(left))
                .json(&body);
            if let Some(k) = &self.api_key {
                req = req.bearer_auth(k);
            }
            let resp = match req.send() {
                Ok(r) => r,
                Err(e) if e.is_timeout() => {
                    return Err(CallError::Timeout(format!(
                        "no answer within {} s",
                        self.timeout.min(left).as_secs_f32()
                    )));
                }
                Err(e) => return Err(CallError::Unreachable(error_chain(&e))),
            };
            let status = resp.status().as_u16();
            let retry_after = resp
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| parse_retry_after(v, std::time::SystemTime::now()));
            let text = match read_body(resp) {
                Ok(t) => t,
                Err(e) if e.is_timeout() => {
                    return Err(CallError::Timeout("the answer stopped mid-way".into()));
                }
                Err(e) => return Err(CallError::Unreachable(error_chain(&e))),
            };
            if (200..300).contains(&status) {
                return parse_completion(&text).map_err(CallError::BadResponse);
            }
            if ask.format != Format::JsonObject && rejects_format(status, &text) {
                return Err(CallError::FormatRejected {
                    code: status,
                    detail: error_detail(&text),
                });
            }
            let retryable = status == 429 || (500..600).contains(&status);
            if retryable && attempt < self.retries {
                let pause = retry_after.unwrap_or(wait).min(MAX_WAIT);
                let left = deadline.saturating_duration_since(Instant::now());
                if pause >= left {
                    return Err(CallError::OutOfTime(format!(
                        "HTTP {status}, and the next retry would wait {} s, past the time budget",
                        pause.as_secs()
                    )));
                }
                std::thread::sleep(pause);
                attempt += 1;
                wait = (wait * 2).min(MAX_WAIT);
                continue;
            }
            return Err(CallError::Status {
                code: status,
                detail: error_detail(&text),
                fatal: matches!(status, 401 | 403 | 404),
            });
        }
    }
}

#[cfg(feature = "llm")]
fn read_body(resp: reqwest::blocking::Response) -> Result<String, reqwest::Error> {
    use std::io::Read;
    let mut buf = Vec::new();
    let mut limited = resp.take(MAX_BODY_BYTES);
    if let Err(e) = limited.read_to_end(&mut buf) {
        // reqwest wraps its own errors in io::Error; unwrap when possible.
        return match e
            .into_inner()
            .and_then(|i| i.downcast::<reqwest::Error>().ok())
        {
            Some(re) => Err(*re),
            None => Ok(String::from_utf8_lossy(&buf).into_owned()),
        };
    }
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

#[cfg(feature = "llm")]
fn error_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut parts = vec![e.to_string()];
    let mut cur = e.source();
    while let Some(s) = cur {
        let t = s.to_string();
        if !parts.iter().any(|p| p.contains(&t)) {
            parts.push(t);
        }
        cur = s.source();
    }
    parts.join(": ")
}

/// Built without the `llm` feature: a client cannot be made.
#[cfg(not(feature = "llm"))]
#[derive(Debug)]
pub struct Client;

#[cfg(not(feature = "llm"))]
impl Client {
    pub fn new(_s: &Settings) -> Result<Self, String> {
        Err(super::NO_FEATURE.to_string())
    }

    pub fn chat(
        &self,
        _messages: &[Message],
        _ask: &Ask,
        _deadline: Instant,
    ) -> Result<Reply, CallError> {
        Err(CallError::Disabled)
    }
}

/// Extracts the first choice of a chat-completions body.
pub fn parse_completion(text: &str) -> Result<Reply, String> {
    let v: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("the body is not JSON ({e}): {}", excerpt(text)))?;
    let choice = v
        .get("choices")
        .and_then(|c| c.get(0))
        .ok_or_else(|| format!("no `choices[0]` in {}", excerpt(text)))?;
    let msg = choice.get("message");
    let content = msg.and_then(|m| m.get("content")).and_then(|c| c.as_str());
    let content = match content {
        Some(c) => c.to_string(),
        None => {
            let refusal = msg
                .and_then(|m| m.get("refusal"))
                .and_then(|r| r.as_str())
                .map(|r| format!("the model refused: {}", excerpt(r)));
            return Err(refusal.unwrap_or_else(|| "`choices[0].message.content` is missing".into()));
        }
    };
    let usage = v.get("usage").map(|u| Usage {
        prompt_tokens: u.get("prompt_tokens").and_then(|x| x.as_u64()).unwrap_or(0),
        completion_tokens: u
            .get("completion_tokens")
            .and_then(|x| x.as_u64())
            .unwrap_or(0),
    });
    Ok(Reply {
        content,
        finish_reason: choice
            .get("finish_reason")
            .and_then(|f| f.as_str())
            .map(str::to_string),
        usage,
    })
}

/// The server's error message (`{"error": {"message": ...}}` or the body).
#[cfg_attr(not(feature = "llm"), allow(dead_code))]
fn error_detail(text: &str) -> String {
    let v: Option<serde_json::Value> = serde_json::from_str(text).ok();
    let msg = v.as_ref().and_then(|v| {
        v.pointer("/error/message")
            .or_else(|| v.get("error"))
            .or_else(|| v.get("message"))
            .and_then(|m| m.as_str())
            .map(str::to_string)
    });
    excerpt(&msg.unwrap_or_else(|| text.to_string()))
}

/// A short, single-line, escaped excerpt for error messages.
pub fn excerpt(s: &str) -> String {
    let one: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let esc = crate::text::escape_display(&one);
    if esc.chars().count() > 200 {
        let mut t: String = esc.chars().take(200).collect();
        t.push('…');
        t
    } else if esc.is_empty() {
        "(empty)".into()
    } else {
        esc
    }
}

/// `Retry-After`: delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
pub fn parse_retry_after(v: &str, now: std::time::SystemTime) -> Option<Duration> {
    let v = v.trim();
    if let Ok(secs) = v.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = parse_http_date(v)?;
    let now = now.duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    Some(Duration::from_secs(at.saturating_sub(now)))
}

/// IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`, as Unix seconds.
fn parse_http_date(s: &str) -> Option<u64> {
    let parts: Vec<&str> = s.split_whitespace().collect();
    let [_, day, mon, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    let day: u64 = day.parse().ok()?;
    let year: i64 = year.parse().ok()?;
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let mon = MONTHS.iter().position(|m| m == mon)? as i64 + 1;
    let hms: Vec<u64> = time
        .split(':')
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    let [h, mi, se] = hms.as_slice() else {
        return None;
    };
    if !(1..=31).contains(&day) || *h > 23 || *mi > 59 || *se > 60 {
        return None;
    }
    // Days from civil (Howard Hinnant's algorithm).
    let y = if mon <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (mon + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + (*h * 3600 + *mi * 60 + *se) as i64;
    u64::try_from(secs).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{SystemTime, UNIX_EPOCH};

    #[test]
    fn retry_after_seconds_and_dates() {
        let now = UNIX_EPOCH + Duration::from_secs(784_111_770);
        assert_eq!(parse_retry_after("7", now), Some(Duration::from_secs(7)));
        // 784111777 = Sun, 06 Nov 1994 08:49:37 GMT
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now),
            Some(Duration::from_secs(7))
        );
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT", SystemTime::now()),
            Some(Duration::ZERO)
        );
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(
            parse_retry_after("Sun, 32 Nov 1994 08:49:37 GMT", now),
            None
        );
    }

    #[test]
    fn completions_parse_and_refusals_are_errors() {
        let r = parse_completion(
            r#"{"choices":[{"message":{"role":"assistant","content":"{}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":2}}"#,
        )
        .unwrap();
        assert_eq!(r.content, "{}");
        assert_eq!(r.finish_reason.as_deref(), Some("stop"));
        assert_eq!(
            r.usage,
            Some(Usage {
                prompt_tokens: 10,
                completion_tokens: 2
            })
        );
        let e = parse_completion(r#"{"choices":[{"message":{"content":null,"refusal":"no"}}]}"#)
            .unwrap_err();
        assert!(e.contains("refused"), "{e}");
        assert!(parse_completion("<html>").is_err());
        assert!(parse_completion(r#"{"choices":[]}"#).is_err());
    }

    #[test]
    fn error_details_come_from_the_body() {
        assert_eq!(
            error_detail(r#"{"error":{"message":"model not found"}}"#),
            "model not found"
        );
        assert_eq!(error_detail("plain\ntext"), "plain text");
        // One period between the server's sentence and ours.
        let e = CallError::Status {
            code: 400,
            detail: "the request exceeds the available context size, try increasing it or lowering the completion.".into(),
            fatal: false,
        };
        let m = e.describe("http://x/v1/chat/completions");
        assert!(!m.contains(".."), "{m}");
        assert!(m.contains("completion. The request"), "{m}");
        assert_eq!(error_detail(""), "(empty)");
    }
}
