//! Round 31: strings a file builds from literal pieces, in every
//! language's spelling, read whole so a statement split to hide it
//! (`["DROP", "SCHEMA", "public", "CASCADE"].join(" ")`) is the statement:
//!
//! * a list joined by a separator literal: JavaScript/Ruby `[…].join(SEP)`,
//!   Ruby `%w[…].join(SEP)`, Python `SEP.join([…])`, Perl/PHP `join(SEP,
//!   …)`/`implode(SEP, […])`, Go `strings.Join([]string{…}, SEP)`,
//!   PowerShell `@(…) -join SEP`;
//! * a chain of literals joined by `+`, `.`, `..` or written side by side
//!   (`"DROP " + "DATABASE "`, `'TRUN' . 'CATE'`).
//!
//! Read once per file; every match of [`JOINED`] and [`CHAIN`] is read (no
//! count bound: each is one pass of a linear regex over the file).

/// A list of literals with the separator it is joined by.
static JOINED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?x)
      [\[(]\s*(?P<a>(?:(?:"[^"\n]{0,80}"|'[^'\n]{0,80}')\s*,\s*)+(?:"[^"\n]{0,80}"|'[^'\n]{0,80}'))\s*,?\s*[\])]\s*\.join\(\s*(?:"(?P<as>[^"\n]{0,4})"|'(?P<as2>[^'\n]{0,4})')\s*\)
    | %w[\[(](?P<b>[^\])\n]{1,200})[\])]\.join\(\s*(?:"(?P<bs>[^"\n]{0,4})"|'(?P<bs2>[^'\n]{0,4})')\s*\)
    | (?:"(?P<cs>[^"\n]{0,4})"|'(?P<cs2>[^'\n]{0,4})')\.join\(\s*[\[(]\s*(?P<c>(?:(?:"[^"\n]{0,80}"|'[^'\n]{0,80}')\s*,\s*)+(?:"[^"\n]{0,80}"|'[^'\n]{0,80}'))\s*,?\s*[\])]\s*\)
    | \b(?:implode|join)\s*\(\s*(?:"(?P<ds>[^"\n]{0,4})"|'(?P<ds2>[^'\n]{0,4})')\s*,\s*[\[(]?\s*(?:qw\s*[(\[{/](?P<dq>[^)\]}/\n]{1,200})[)\]}/]|(?P<d>(?:(?:"[^"\n]{0,80}"|'[^'\n]{0,80}')\s*,\s*)+(?:"[^"\n]{0,80}"|'[^'\n]{0,80}')))\s*[\])]?\s*\)
    | strings\.Join\(\s*\[\]string\{\s*(?P<e>(?:"[^"\n]{0,80}"\s*,\s*)+"[^"\n]{0,80}")\s*,?\s*\}\s*,\s*"(?P<es>[^"\n]{0,4})"\s*\)
    | @?\(\s*(?P<f>(?:(?:"[^"\n]{0,80}"|'[^'\n]{0,80}')\s*,\s*)+(?:"[^"\n]{0,80}"|'[^'\n]{0,80}'))\s*\)\s*-join\s*(?:"(?P<fs>[^"\n]{0,4})"|'(?P<fs2>[^'\n]{0,4})')
    "#,
);

/// The literals chained after a value (` . " `$t`"`, ` + "x"`).
static CHAIN_TAIL: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"^(?:[ \t]*(?:\+|\.\.?)[ \t]*(?:"[^"\n]*"|'[^'\n]*'))+"#);
/// A chain of string literals joined by `+`, `.`, `..` or side by side.
static CHAIN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:"[^"\n]*"|'[^'\n]*')(?:[ \t]*(?:\+|\.\.?)?[ \t]*(?:"[^"\n]*"|'[^'\n]*'))+"#,
);

/// The quoted pieces of a list (`"a", 'b'`), or its words (`%w[a b]`).
fn items(list: &str) -> Vec<&str> {
    if list.contains(['"', '\'']) {
        let mut out = Vec::new();
        let mut rest = list;
        while let Some(i) = rest.find(['"', '\'']) {
            let q = &rest[i..i + 1];
            let Some(e) = rest[i + 1..].find(q) else {
                break;
            };
            out.push(&rest[i + 1..i + 1 + e]);
            rest = &rest[i + 2 + e..];
        }
        out
    } else {
        list.split_whitespace().collect()
    }
}

/// Every string `text` builds from literal pieces: (start, end, the
/// string), in the order they appear.
pub fn joined_strings(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    if !text.contains("join") && !text.contains("implode") && !text.contains("Join") {
        // Chains only.
    } else {
        for c in JOINED.captures_iter(text) {
            let sep = [
                "as", "as2", "bs", "bs2", "cs", "cs2", "ds", "ds2", "es", "fs", "fs2",
            ]
            .iter()
            .find_map(|n| c.name(n))
            .map_or("", |m| m.as_str());
            let Some(list) = ["a", "b", "c", "d", "dq", "e", "f"]
                .iter()
                .find_map(|n| c.name(n))
            else {
                continue;
            };
            let whole = c.get(0).map_or((0, 0), |m| (m.start(), m.end()));
            out.push((whole.0, whole.1, items(list.as_str()).join(sep)));
        }
    }
    for m in CHAIN.find_iter(text) {
        out.push((
            m.start(),
            m.end(),
            super::auth_relay::literals_joined(m.as_str()),
        ));
    }
    // Round 40: a literal decoded by a rot13 call (`str_rot13('QEBC
    // QNGNONFR') . " `$name`"`), with the literals chained after it.
    for (s, e, decoded) in super::deobf::rot13_calls(text) {
        let rest = CHAIN_TAIL.find(&text[e..]).map_or("", |m| m.as_str());
        let tail = super::auth_relay::literals_joined(&format!("''{rest}"));
        out.push((s, e + rest.len(), format!("{decoded}{tail}")));
    }
    out.sort_by_key(|&(s, e, _)| (s, e));
    out
}

/// Round 33: an interpolation of a literal or of a name the file binds to
/// a literal (`${"OP"}`, `#{'OP'}`, Python's `{'OP'}`, `${OP}` over `const
/// OP = "OP"`).
static PIECE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"[$#]?\{\s*(?:"(?P<d>[^"{}\n]{0,40})"|'(?P<s>[^'{}\n]{0,40})'|(?P<n>[A-Za-z_]\w{0,40}))\s*\}"#,
);
/// A name bound to one short literal (`const OP = "OP"`, `OP = 'OP'`,
/// `$op = "OP";`).
static BOUND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^[ \t]*(?:(?:export\s+)?(?:const|let|var|my|local)\s+)?\$?(?P<n>[A-Za-z_]\w{0,40})\s*:?=\s*(?:"(?P<d>[^"\n$#{}]{0,40})"|'(?P<s>[^'\n{}]{0,40})')\s*;?\s*$"#,
);

/// [`Interpolation::fill`] for one literal.
#[cfg(test)]
pub fn interpolated_literal(lit: &str, text: &str) -> Option<String> {
    Interpolation::new(text).fill(lit)
}

/// The literals of one file with their interpolated pieces filled in
/// ([`Interpolation::fill`]): the file's bindings are read once, at the
/// first name to fill in. Reading them for each literal made a file with
/// many interpolated statements quadratic (a 12 MB script spent 90% of
/// 300 s of CPU in it).
pub struct Interpolation<'t> {
    text: &'t str,
    /// Names bound to one short literal in `text` (the first binding of
    /// each), read on first need.
    bound: std::cell::OnceCell<std::collections::HashMap<&'t str, &'t str>>,
}

impl<'t> Interpolation<'t> {
    pub fn new(text: &'t str) -> Self {
        Interpolation {
            text,
            bound: std::cell::OnceCell::new(),
        }
    }

    fn bound(&self) -> &std::collections::HashMap<&'t str, &'t str> {
        self.bound.get_or_init(|| {
            let mut m = std::collections::HashMap::new();
            for b in BOUND.captures_iter(self.text) {
                if let (Some(n), Some(v)) = (b.name("n"), b.name("d").or_else(|| b.name("s"))) {
                    m.entry(n.as_str()).or_insert(v.as_str());
                }
            }
            m
        })
    }

    /// A literal with its interpolated pieces filled in, when it has any
    /// that are literals (`DR${"OP"} SCHEMA "${name}"` → `DROP SCHEMA
    /// "${name}"`): a statement split by interpolation is the statement. A
    /// name is filled in only when the file binds it to a literal once;
    /// others stay as written.
    pub fn fill(&self, lit: &str) -> Option<String> {
        if !lit.contains('{') {
            return None;
        }
        let mut changed = false;
        let out = PIECE.replace_all(lit, |c: &regex::Captures| {
            if let Some(v) = c.name("d").or_else(|| c.name("s")) {
                changed = true;
                return v.as_str().to_string();
            }
            let whole = c.get(0).map_or("", |m| m.as_str());
            let Some(n) = c.name("n") else {
                return whole.to_string();
            };
            match self.bound().get(n.as_str()) {
                Some(v) => {
                    changed = true;
                    v.to_string()
                }
                None => whole.to_string(),
            }
        });
        changed.then(|| out.into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<String> {
        joined_strings(text)
            .into_iter()
            .map(|(_, _, s)| s)
            .collect()
    }

    #[test]
    fn rot13_calls_in_every_language() {
        assert!(
            all("$db->exec(str_rot13('QEBC QNGNONFR') . \" `$name`\");")
                .contains(&"DROP DATABASE `$name`".to_string())
        );
        assert!(
            all("cur.execute(codecs.decode('GEHAPNGR GNOYR', 'rot13') + \" x\")")
                .contains(&"TRUNCATE TABLE x".to_string())
        );
        assert!(
            all("db.exec('QEBC GNOYR hfref'.tr('A-Za-z', 'N-ZA-Mn-za-m'))")
                .contains(&"DROP TABLE users".to_string())
        );
        // A rot13 of something else, and no call at all.
        assert!(
            !all("echo str_rot13($x);")
                .iter()
                .any(|s| s.contains("DROP"))
        );
    }

    #[test]
    fn lists_and_chains_in_every_language() {
        for (code, want) in [
            (
                r#"["DROP", "SCHEMA", "public", "CASCADE"].join(" ")"#,
                "DROP SCHEMA public CASCADE",
            ),
            (
                r#"" ".join(["DROP", 'DATABASE', "prod"])"#,
                "DROP DATABASE prod",
            ),
            (r#"join(' ', qw(DROP DATABASE app))"#, "DROP DATABASE app"),
            (r#"implode(" ", ["TRUNCATE", "users"])"#, "TRUNCATE users"),
            (
                r#"strings.Join([]string{"DROP", "TABLE", "x"}, " ")"#,
                "DROP TABLE x",
            ),
            (r#"%w[DROP SCHEMA public].join(" ")"#, "DROP SCHEMA public"),
            (
                r#"@('DROP','DATABASE','crm') -join ' '"#,
                "DROP DATABASE crm",
            ),
            (r#"q = "DROP " + "DATA" + "BASE x""#, "DROP DATABASE x"),
        ] {
            assert!(
                all(code).iter().any(|s| s == want),
                "{code}: {:?}",
                all(code)
            );
        }
    }

    #[test]
    fn interpolated_pieces_in_every_spelling() {
        let text = "const OP = \"OP\";\n";
        for (lit, want) in [
            (
                r#"DR${"OP"} SCHEMA "${nspname}" CASCADE"#,
                r#"DROP SCHEMA "${nspname}" CASCADE"#,
            ),
            ("TRUN#{'CATE'} users", "TRUNCATE users"),
            ("DR{'OP'} DATABASE {db}", "DROP DATABASE {db}"),
            ("DR${OP} TABLE x", "DROP TABLE x"),
        ] {
            assert_eq!(
                interpolated_literal(lit, text).as_deref(),
                Some(want),
                "{lit}"
            );
        }
        assert_eq!(interpolated_literal("DROP SCHEMA ${name}", text), None);
        assert_eq!(interpolated_literal("plain", text), None);
    }

    #[test]
    fn single_literals_are_not_joins() {
        assert!(all(r#"print("hello")"#).is_empty());
    }
}
