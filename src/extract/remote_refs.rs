//! Round 43 (recall43a): remote branches and tags deleted through
//! deletion refspecs the code builds. A push of `:refs/heads/NAME` or
//! `:refs/tags/NAME` deletes NAME on the remote; the shell front-end reads
//! that when the refspec is an operand it sees (`commands::remote_delete`),
//! but a program that builds the refspecs in a list and hands the list to
//! the push (`batch.map(b => `:refs/heads/${b}`)` spread into
//! `execFileSync("git", ["push", …, ...batch])`, `[f":refs/tags/{t}" for t
//! in tags]` unpacked into `subprocess.run`, `":refs/heads/" + b` appended
//! to a Go slice, `refs+=(":refs/heads/$b")` then `git push origin
//! "${refs[@]}"`) leaves the push's operands computed. Read here at text
//! level for every language: a deletion refspec literal whose name is
//! filled in (an interpolation or a concatenation right after the prefix)
//! in a file that runs `git … push` deletes every ref its list holds, the
//! same evidence as `git push origin --delete "$b"` over a listing
//! (SK-DEST-002, broad). One fixed name (`:refs/heads/feature-x`) is
//! routine and stays quiet. The gate over the line (a date, the
//! environment, a run count) is added by `gate_mark`, like every delete.
//!
//! Linear: one regex pass for the push, one for the refspecs.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// `git push` in any language's spelling: a shell line, an argv list
/// (`"git", ["push"`, `"git", "push"`, `["git", "push"`), a library push
/// on a remote object (`origin.push(`, `remote.push(`).
static PUSH: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bgit["'`]?\s*(?:,\s*\[?\s*|\s+)(?:["'`]?-C["'`]?\s*,?\s*\S+\s*,?\s*)?["'`]?push\b|\b(?:origin|remote|upstream)\s*(?:\(\s*\))?\s*\.\s*push\s*\("#,
);

/// An argv list that runs git with `push` as one of its words (`args :=
/// []string{"push", "origin"}` … `exec.Command("git", args...)`).
static QUOTED_GIT: crate::rx::Lazy = crate::rx::Lazy::new(r#"["'`]git["'`]"#);
static QUOTED_PUSH: crate::rx::Lazy = crate::rx::Lazy::new(r#"["'`]push["'`]"#);

/// Whether the file runs `git push` in any spelling.
fn pushes(text: &str) -> bool {
    PUSH.is_match(text) || QUOTED_GIT.is_match(text) && QUOTED_PUSH.is_match(text)
}

/// A deletion refspec whose ref name the code fills in: the prefix inside
/// a literal, then an interpolation (`${b}`, `{t}`, `#{b}`, `$b`, `%s`,
/// `{}`) or the literal's end followed by a concatenation (`" + b`,
/// `" . $b`, `' .. b`).
static REFSPEC: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"["'`]\+?:refs/(?P<kind>heads|tags|remotes/[\w.-]+)/(?:\$\{|\$\w|\{\w*\}|#\{|%[sv]|["'`]\s*(?:\+|\.\.?|<<)\s*[\w$(\[])"#,
);

/// A deletion refspec of a full ref name the code fills in whole (`` `:${
/// ref}` ``, `":" + ref`, `f":{ref}"`): counted on a line that names refs
/// (`ls-remote`, `for-each-ref`, `refs/`, tags or branches), since a bare
/// colon is also how hosts and ports are joined.
static BARE: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"["'`]\+?:(?:\$\{|\{\w*\}|#\{|["'`]\s*(?:\+|\.\.?)\s*[\w$(\[])"#);
static REF_LINE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bls-remote\b|\bfor-each-ref\b|\brefs/|\btags?\b|\bbranch(?:es)?\b|\bheads\b",
);

/// Adds a broad remote-ref deletion for each computed deletion refspec in
/// a file that pushes.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("push") || !pushes(text) {
        return;
    }
    let named = lines_once(
        text,
        REFSPEC.captures_iter(text).map(|m| {
            let kind = m.name("kind").map_or("", |k| k.as_str());
            (m.get(0).map_or(0..0, |w| w.range()), kind == "tags")
        }),
    );
    let named: Vec<(usize, usize, bool)> = named.collect();
    let named_at: std::collections::HashSet<usize> = named.iter().map(|n| n.0).collect();
    let bare = lines_once(text, BARE.find_iter(text).map(|m| (m.range(), false)))
        .filter(|&(s, e, _)| !named_at.contains(&s) && REF_LINE.is_match(&text[s..e]))
        .map(|(s, e, _)| (s, e, text[s..e].contains("tag")))
        .collect::<Vec<_>>();
    // Lines whose deletion a front-end already read (the shell's
    // `git push origin ":refs/tags/$t"`): not reported twice.
    let read: std::collections::HashSet<usize> = sink
        .items
        .iter()
        .filter(|e| e.location.path == src.path && e.op == Op::FileDelete && e.has(Tag::GitHistory))
        .map(|e| e.location.start_line)
        .collect();
    for (line_start, line_end, tags) in named.into_iter().chain(bare) {
        let what = if tags {
            "remote tags deleted: deletion refspecs (`:refs/tags/NAME`) the code builds for every tag its list holds"
        } else {
            "remote branches deleted: deletion refspecs (`:refs/heads/NAME`) the code builds for every branch its list holds"
        };
        if !read.is_empty() && read.contains(&src.loc(line_start, line_start).start_line) {
            continue;
        }
        let ev = Evidence::new(
            Op::FileDelete,
            A::Write,
            R::Codebase,
            crate::text::snippet(text[line_start..line_end].trim(), 200),
        )
        .tag(Tag::GitHistory)
        .tag(Tag::BroadTarget)
        .instrument("git")
        .object(what);
        sink.push(src.at(ev, line_start, line_end, "code"));
        if sink.is_full() {
            return;
        }
    }
}

/// The lines (start, end, and the flag of their first match) holding the
/// byte ranges `matches` gives in increasing order, each line once. Review
/// (round 43): finding each match's line afresh read a long line once per
/// match (a 1.5 MB one-line list of refspecs: 0.6 -> 5.7 s); here the
/// search for a line's start begins at the previous line's end, and a
/// match on a line already given is skipped, so the text is read once.
fn lines_once(
    text: &str,
    matches: impl Iterator<Item = (std::ops::Range<usize>, bool)>,
) -> impl Iterator<Item = (usize, usize, bool)> {
    let mut done = 0usize;
    matches.filter_map(move |(r, flag)| {
        if r.start < done {
            return None;
        }
        let s = text[done..r.start]
            .rfind('\n')
            .map_or(done, |i| done + i + 1);
        let e = text[r.end..].find('\n').map_or(text.len(), |i| r.end + i);
        done = e;
        Some((s, e, flag))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn found(path: &str, text: &str) -> usize {
        let src = Src::new(path, text, Origin::Script);
        let mut sink = Sink::default();
        scan(&src, &mut sink);
        sink.items.len()
    }

    #[test]
    fn computed_deletion_refspecs_in_every_language() {
        for (p, t) in [
            (
                "p.js",
                "const b = doomed.map((x) => `:refs/heads/${x.name}`);\nexecFileSync(\"git\", [\"push\", \"origin\", ...b]);\n",
            ),
            (
                "p.go",
                "refs = append(refs, \":refs/heads/\"+b)\nargs := append([]string{\"push\", \"origin\"}, refs...)\nexec.Command(\"git\", args...).Run()\n",
            ),
            (
                "p.py",
                "refs = [f\":refs/tags/{t}\" for t in tags]\nsubprocess.run([\"git\", \"push\", \"origin\", *refs])\n",
            ),
            (
                "p.go",
                "refs = append(refs, \":refs/heads/\"+b)\nexec.Command(\"git\", append([]string{\"push\", \"origin\"}, refs...)...).Run()\n",
            ),
            (
                "p.sh",
                "refs+=(\":refs/heads/$b\")\ngit push origin \"${refs[@]}\"\n",
            ),
            (
                "p.js",
                "const tags = git(\"ls-remote\", \"--tags\", \"origin\").split(\"\\n\").map((l) => `:${l.split(\"\\t\")[1]}`);\nexecFileSync(\"git\", [\"push\", \"origin\", ...tags]);\n",
            ),
            (
                "p.rb",
                "refs = tags.map { |t| \":refs/tags/#{t}\" }\nsystem(\"git\", \"push\", \"origin\", *refs)\n",
            ),
        ] {
            assert_eq!(found(p, t), 1, "{t}");
        }
    }

    #[test]
    fn a_fixed_refspec_or_no_push_is_quiet() {
        assert_eq!(
            found(
                "p.sh",
                "git push origin :refs/heads/feature-x\ngit push origin \":refs/tags/v0.0.1-rc\"\n"
            ),
            0
        );
        assert_eq!(
            found(
                "p.py",
                "refs = [f\":refs/heads/{b}\" for b in names]\nprint(refs)\n"
            ),
            0
        );
    }
}
