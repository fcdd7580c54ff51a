//! Markdown: sections, fenced and inline code, HTML comments and prose units,
//! each analysed by the matching extractor with exact file positions.

use super::{Lang, Sink, Src, prose};
use crate::evidence::{Origin, Tag};
use pulldown_cmark::{CodeBlockKind, Event, Options, Tag as MdTag, TagEnd};
use std::ops::Range;
use std::rc::Rc;

/// Bytes of a heading, and of the paragraph before a code block, read for
/// framing words: each is re-read per code block, so it is bounded.
const FRAME_BYTES: usize = 4096;
use std::sync::LazyLock;

/// Moved down to `doc_frame` (shared with `prose` and `hidden_code`, which
/// markdown calls: no import cycle); this path stays.
pub use super::doc_frame::is_doc_frame;

/// Whether a lead-in tells the reader to run what follows.
fn runs_what_follows(s: &str) -> bool {
    static RE: LazyLock<regex::Regex> = LazyLock::new(|| {
        crate::rx::re(
            r"(?i)(?-u:\b)(run|execute|paste|type|enter|install|copy and paste|in (your|a) terminal|before (using|you use)|to set ?up|setup|prerequisites?|required|must|first)(?-u:\b)",
        )
    });
    RE.is_match(s)
}

/// Whether the paragraph before a code block frames it as documentation:
/// a lead-in that tells the reader to run the block, or has a clause that
/// is an order ("Build it like this and send it"), with no framing word
/// but a "do not" aimed elsewhere ("do not trim the output"), does not; nor
/// does one whose only framing word is a negation describing a fact ("so
/// deploys never hit errors": `doc_frame::only_descriptive_negation`).
fn lead_in_frames(s: &str) -> bool {
    is_doc_frame(s)
        && !((runs_what_follows(s)
            || super::doc_frame::has_imperative_clause(s)
            || super::doc_frame::has_order_clause(s))
            && super::doc_frame::only_side_negation(s)
            || super::doc_frame::only_descriptive_negation(s)
            || super::doc_frame::only_purpose_avoid(s))
}

/// A security skill's material is documentation unless introduced as
/// something to run; but a fenced block in SKILL.md itself is a step of its
/// instructions unless its heading or lead-in frames it, or the heading
/// names the attack class it illustrates: a description that says
/// "security" does not turn the skill's own steps into examples (round 22).
fn security_example(doc_default: u8, manifest: bool, heading: &str, lead: &str) -> bool {
    doc_default == 1
        && !runs_what_follows(lead)
        && !runs_what_follows(heading)
        && (!manifest || super::doc_frame::names_attack_class(heading))
}

/// Extracts a Markdown file. `offset` skips the frontmatter of SKILL.md.
/// `doc_default`: the file documents rather than instructs (an unreferenced
/// reference doc, or a security skill's material), so code and prose count
/// as documentation unless they are phrased as instructions to run.
/// `manifest`: the file is the skill's SKILL.md.
pub fn extract(
    path: &str,
    text: &str,
    offset: usize,
    doc_default: u8,
    manifest: bool,
    sink: &mut Sink,
) {
    let offset = crate::text::clamp_boundary(text, offset);
    let body = &text[offset..];
    let file = Src::new(path, text, Origin::Prose);
    // Install commands anywhere in the file, the description included
    // (security material that shows lures as examples is left out).
    if doc_default < 2 {
        super::package_lure::scan(&file, sink);
    }
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut heading = String::new();
    let mut in_heading = false;
    let mut last_prose = String::new();
    let mut code: Option<(String, Range<usize>, Option<Range<usize>>)> = None;
    let mut unit: Option<Range<usize>> = None;
    // Prose units with their heading and section number.
    // The heading is shared, not copied, by its units (a long heading over
    // many short paragraphs once took memory quadratic in the file).
    let mut units: Vec<(Range<usize>, Rc<str>, usize)> = Vec::new();
    let mut head: Rc<str> = Rc::from("");
    let mut section = 0usize;
    let mut html_block: Option<Range<usize>> = None;
    // The outermost block quote open: its start and its lead-in paragraph.
    let mut quote: Option<(usize, String)> = None;
    // Fenced and indented code blocks: hidden-text spans are not read there.
    let mut code_ranges: Vec<Range<usize>> = Vec::new();
    for (n, (ev, r)) in super::md_pieces::events(body, opts).enumerate() {
        if n % 256 == 0 && sink.expired() {
            break;
        }
        let r = (r.start + offset)..(r.end + offset);
        match ev {
            Event::Start(MdTag::Heading { .. }) => {
                flush(&mut unit, &mut units, &head, section);
                // A new section: the paragraph of the last one is not the
                // lead-in of a block under this heading.
                last_prose.clear();
                in_heading = true;
                heading.clear();
                section += 1;
            }
            Event::End(TagEnd::Heading(_)) => {
                in_heading = false;
                head = Rc::from(heading.as_str());
                flush(&mut unit, &mut units, &head, section);
            }
            Event::Start(MdTag::CodeBlock(kind)) => {
                flush(&mut unit, &mut units, &head, section);
                let info = match kind {
                    CodeBlockKind::Fenced(i) => i.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                code_ranges.push(r.clone());
                code = Some((info, r, None));
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((info, _, Some(content))) = code.take() {
                    let security_default =
                        security_example(doc_default, manifest, &heading, &last_prose);
                    let framed = is_doc_frame(&heading)
                        || lead_in_frames(&last_prose)
                        || doc_default == 2
                        || security_default;
                    code_block(&file, &info, content.clone(), framed, sink);
                    // A settings block is applied by the agent whatever
                    // the file (a reference too): only an explicit frame
                    // (heading, lead-in, security material) keeps it quiet.
                    let shown =
                        is_doc_frame(&heading) || lead_in_frames(&last_prose) || doc_default == 2;
                    super::settings_block::fence(
                        &file,
                        &info,
                        &last_prose,
                        content.clone(),
                        shown,
                        sink,
                    );
                    super::planted::fence(&file, &last_prose, content, framed, sink);
                }
                code = None;
            }
            Event::Text(t) => {
                if let Some((_, _, content)) = code.as_mut() {
                    let c = content.get_or_insert(r.clone());
                    c.end = r.end;
                } else {
                    if in_heading && heading.len() < FRAME_BYTES {
                        heading.push_str(crate::text::slice(&t, 0, FRAME_BYTES));
                    }
                    extend(&mut unit, &r);
                }
            }
            Event::Code(_) => {
                extend(&mut unit, &r);
                inline_code(&file, text, r, &heading, doc_default > 0, sink);
            }
            Event::Start(MdTag::BlockQuote(_)) => {
                flush(&mut unit, &mut units, &head, section);
                if quote.is_none() {
                    // The outermost quote, with the paragraph that leads
                    // into it: a payload quoted rather than fenced.
                    quote = Some((r.start, last_prose.clone()));
                }
            }
            Event::End(TagEnd::BlockQuote(_)) if quote.as_ref().is_some_and(|q| q.0 <= r.start) => {
                if let Some(u) = &unit {
                    let from = u.start.max(u.end.saturating_sub(FRAME_BYTES));
                    last_prose = crate::text::slice(text, from, u.end).to_string();
                }
                flush(&mut unit, &mut units, &head, section);
                if let Some((start, lead)) = quote.take_if(|q| q.0 == r.start) {
                    let framed = is_doc_frame(&heading) || lead_in_frames(&lead);
                    super::planted::fence(&file, &lead, start..r.end, framed, sink);
                }
            }
            Event::Start(MdTag::HtmlBlock) => html_block = Some(r.clone()),
            Event::End(TagEnd::HtmlBlock) => {
                if let Some(hb) = html_block.take() {
                    let h = crate::text::slice(text, hb.start, hb.end.max(r.end));
                    let framed = is_doc_frame(&heading) || doc_default == 2;
                    html(&file, text, hb.start..hb.end.max(r.end), h, framed, sink);
                }
            }
            Event::Html(h) => {
                if let Some(hb) = html_block.as_mut() {
                    hb.end = hb.end.max(r.end);
                } else if code.is_none() {
                    let framed = is_doc_frame(&heading) || doc_default == 2;
                    html(&file, text, r, &h, framed, sink);
                }
            }
            Event::InlineHtml(h) => {
                if code.is_none() {
                    let framed = is_doc_frame(&heading) || doc_default == 2;
                    html(&file, text, r, &h, framed, sink);
                }
            }
            Event::Start(MdTag::Link { .. }) | Event::SoftBreak | Event::HardBreak => {
                extend(&mut unit, &r)
            }
            Event::End(TagEnd::Paragraph)
            | Event::End(TagEnd::Item)
            | Event::End(TagEnd::TableCell)
            | Event::End(TagEnd::BlockQuote(_)) => {
                if let Some(u) = &unit {
                    // Its last 4 KiB: a lead-in ends the paragraph, and a
                    // whole huge paragraph re-read per code block was quadratic.
                    let from = u.start.max(u.end.saturating_sub(FRAME_BYTES));
                    last_prose = crate::text::slice(text, from, u.end).to_string();
                }
                flush(&mut unit, &mut units, &head, section);
            }
            _ => {}
        }
    }
    flush(&mut unit, &mut units, &head, section);
    // Section by section, so a lure spread over several paragraphs under one
    // heading is seen as one.
    for group in units.chunk_by(|a, b| a.2 == b.2) {
        let head = if doc_default == 1 {
            format!("{} {}", group[0].1, super::prose::DOC_BY_DEFAULT)
        } else if doc_default > 0 {
            format!("{} (documentation)", group[0].1)
        } else {
            group[0].1.to_string()
        };
        let before = sink.items.len();
        if sink.expired() {
            break;
        }
        for (r, _, _) in group {
            prose::extract_unit(&file, r.start, r.end, &head, Origin::Prose, sink);
            // Table cells, `<details>` bodies, footnotes and sentences that
            // tell the agent to run a command.
            let unit = crate::text::slice(text, r.start, r.end);
            let framed = is_doc_frame(&group[0].1)
                || doc_default == 2
                || doc_default == 1 && !runs_what_follows(unit);
            super::hidden_code::commands(&file, unit, r.start, framed, Origin::InlineCode, sink);
        }
        let ranges: Vec<Range<usize>> = group.iter().map(|u| u.0.clone()).collect();
        section_passes(&file, &ranges, &head, before, sink);
    }
    file_passes(&file, body, offset, &code_ranges, doc_default, sink);
}

/// What the whole file says beyond its sections: hidden spans (elements,
/// link-reference comments, alt and title text), rendered URLs carrying
/// the user's data, invisible characters and encoded blobs.
fn file_passes(
    file: &Src,
    body: &str,
    offset: usize,
    code_ranges: &[Range<usize>],
    doc_default: u8,
    sink: &mut Sink,
) {
    let (path, text) = (file.path, file.text);
    // Hidden elements, link-reference comments, alt and title text.
    for (r, place) in super::hidden_md::spans(body, offset, code_ranges, sink) {
        if sink.expired() {
            break;
        }
        super::hidden_md::read_span(file, (r.start, r.end), place, agent_text, sink);
    }
    // Images and links whose URL carries the user's data.
    super::render_url::scan(file, text, doc_default == 2, sink);
    // Invisible characters and encoded blobs anywhere in the file.
    super::unicode::scan(file, sink);
    // Round 37: tenant-wide application permissions with admin consent.
    super::tenant_grant::scan(file, sink);
    // Encoded blobs decoded in documentation (a security primer's
    // annotated lure under "# Annotated examples (malicious - for
    // recognition only)") are examples, as the inline code around them is.
    let before = sink.items.len();
    super::deobf::scan_literals(&Src::new(path, text, Origin::Prose), sink);
    if sink.items.len() > before {
        let framed = super::doc_frame::framed_lines(text, doc_default == 2);
        for ev in &mut sink.items[before..] {
            let line = ev.location.start_line;
            if line >= 1 && framed.get(line - 1).copied().unwrap_or(false) {
                ev.tags.insert(Tag::Documentation);
            }
        }
    }
}

fn extend(unit: &mut Option<Range<usize>>, r: &Range<usize>) {
    match unit {
        Some(u) => {
            u.start = u.start.min(r.start);
            u.end = u.end.max(r.end);
        }
        None => *unit = Some(r.clone()),
    }
}

fn flush(
    unit: &mut Option<Range<usize>>,
    units: &mut Vec<(Range<usize>, Rc<str>, usize)>,
    heading: &Rc<str>,
    section: usize,
) {
    if let Some(u) = unit.take() {
        units.push((u, Rc::clone(heading), section));
    }
}

fn code_block(file: &Src, info: &str, content: Range<usize>, framed: bool, sink: &mut Sink) {
    let text = crate::text::slice(file.text, content.start, content.end);
    let dynamic = info.trim_start().starts_with('!');
    if info.trim().eq_ignore_ascii_case("sql") || info.trim().eq_ignore_ascii_case("psql") {
        if super::shell::sql_wipes(text) {
            let mut ev = crate::evidence::Evidence::new(
                crate::evidence::Op::FileDelete,
                crate::ssl::vocab::ActType::Write,
                crate::ssl::vocab::ResourceScope::UserData,
                crate::text::snippet(text, 120),
            )
            .tag(Tag::BroadTarget)
            .object("database dropped or wiped")
            .instrument("sql");
            if framed {
                ev.tags.insert(Tag::Documentation);
            }
            let src = file.nested(text, content.start, Origin::CodeBlock);
            sink.push(src.at(ev, 0, text.len(), "sql"));
        }
        // Round 38: the audit record destroyed (`sql_audit`).
        let src = file.nested(text, content.start, Origin::CodeBlock);
        let from = sink.items.len();
        super::sql_audit::scan(&src, sink);
        if framed {
            for ev in &mut sink.items[from..] {
                ev.tags.insert(Tag::Documentation);
            }
        }
        return;
    }
    let lang = Lang::from_fence(info).or_else(|| {
        if info.trim().is_empty() || dynamic {
            Lang::sniff(text)
        } else {
            None
        }
    });
    let lang = if dynamic {
        Some(lang.unwrap_or(Lang::Shell))
    } else {
        lang
    };
    let Some(lang) = lang else {
        // `text`, `yaml`, `makefile`, `dockerfile`, untagged and other
        // blocks: their command lines are analysed as shell.
        super::hidden_code::commands(file, text, content.start, framed, Origin::CodeBlock, sink);
        // Round 22: a config block (`~/.ssh/config`, `.npmrc`, `pip.conf`)
        // is read whole for a setting that reroutes a tool.
        let mut src = file.nested(text, content.start, Origin::CodeBlock);
        if framed {
            src.ctx.insert(Tag::Documentation);
        }
        super::reroute::scan(&src, sink);
        return;
    };
    let origin = if dynamic {
        Origin::DynamicContext
    } else {
        Origin::CodeBlock
    };
    let mut src = file.nested(text, content.start, origin);
    if framed {
        src.ctx.insert(Tag::Documentation);
    }
    // `$ cmd` console transcripts: drop prompts so commands parse.
    if lang == Lang::Shell && text.lines().any(|l| l.trim_start().starts_with("$ ")) {
        let cleaned: String = text
            .lines()
            .map(|l| {
                let t = l.trim_start();
                if let Some(rest) = t.strip_prefix("$ ") {
                    format!("{}{rest}\n", " ".repeat(l.len() - t.len() + 2))
                } else {
                    format!("{}\n", " ".repeat(l.chars().count()))
                }
            })
            .collect();
        let mut s2 = file.nested(text, content.start, origin);
        s2.ctx = src.ctx.clone();
        // Same line structure, so positions still map.
        let owned = cleaned;
        let s3 = s2.nested(&owned, 0, origin);
        let mut s3 = s3;
        s3.depth = 0;
        s3.ctx = src.ctx.clone();
        super::extract_code(lang, &s3, sink);
        return;
    }
    src.depth = 0;
    // ```ts / ```typescript blocks: the TypeScript grammar.
    let tag = info.trim().trim_start_matches('!');
    src.grammar =
        super::treesitter::Grammar::typescript_tag(tag.split([' ', '{', ',']).next().unwrap_or(""));
    let before = sink.items.len();
    super::extract_code(lang, &src, sink);
    if dynamic {
        let after = crate::text::slice(file.text, content.end, file.text.len());
        super::prose_remote::dynamic_fetches(text, after, before, sink);
    }
}

/// Always-loaded agent text outside the body (the frontmatter
/// `description`, `when_to_use`): the agent reads it as it reads the body,
/// so its code spans and the command lines or interpreter runs in its
/// sentences go through the same command sniffer as the body's, and what
/// they find is located at the key (`file` is derived from it).
pub fn agent_text(file: &Src, text: &str, sink: &mut Sink) {
    for (ev, r) in super::md_pieces::events(text, Options::empty()) {
        if let Event::Code(_) = ev {
            inline_code(file, text, r, "", false, sink);
        }
    }
    super::hidden_code::commands(file, text, 0, false, Origin::InlineCode, sink);
}

fn inline_code(file: &Src, text: &str, r: Range<usize>, heading: &str, doc: bool, sink: &mut Sink) {
    let raw = crate::text::slice(text, r.start, r.end);
    let ticks = raw.len() - raw.trim_start_matches('`').len();
    let inner_start = r.start + ticks;
    let inner_end = r.end.saturating_sub(ticks).max(inner_start);
    let inner = crate::text::slice(text, inner_start, inner_end);
    let bang = r.start > 0 && text.as_bytes().get(r.start - 1) == Some(&b'!');
    let origin = if bang {
        Origin::DynamicContext
    } else {
        Origin::InlineCode
    };
    let sniffed = Lang::sniff(inner).filter(|l| *l == Lang::Shell || *l == Lang::PowerShell);
    // Round 25: a span read as a command only because its program is in
    // the table is an order only when its sentence orders it ("run `…`", a
    // step that is the span); otherwise ("commands like `vssadmin delete
    // shadows` are used by ransomware") it is documentation.
    let by_table = !bang && sniffed.is_none() && super::hidden_code::table_command(inner);
    let lang = if bang {
        Some(Lang::Shell)
    } else {
        sniffed.or_else(|| by_table.then_some(Lang::Shell))
    };
    if let Some(lang) = lang {
        if !bang && inner.split_whitespace().count() < 2 {
            return;
        }
        let mut src = file.nested(inner, inner_start, origin);
        src.depth = 0;
        if doc
            || is_doc_frame(heading)
            || super::doc_frame::forbidden_code(text, r.start)
            || super::doc_frame::indicator_list(text, r.start)
            || by_table
                && !super::doc_frame::ordered_code(text, r.start)
                && !(super::hidden_code::piped_credential(
                    inner.split_whitespace().next().unwrap_or(""),
                    inner,
                ) && super::doc_frame::numbered_step(text, r.start))
        {
            src.ctx.insert(Tag::Documentation);
        }
        let before = sink.items.len();
        super::extract_code(lang, &src, sink);
        if bang {
            let after = crate::text::slice(text, inner_end, text.len());
            super::prose_remote::dynamic_fetches(inner, after, before, sink);
        }
    }
}

/// What the units under one heading say together: a lure spread over
/// paragraphs, a fetch and the order over it, access given to an account
/// looked up earlier.
fn section_passes(file: &Src, ranges: &[Range<usize>], head: &str, before: usize, sink: &mut Sink) {
    prose::section_lure(file, ranges, head, before, sink);
    super::prose_remote::scan_section(file, ranges, head, before, Origin::Prose, sink);
    super::prose_acts::scan_section(file, ranges, head, Origin::Prose, false, sink);
    if let Some(sec) = super::prose_acts::Section::read(file, ranges, head, Origin::Prose) {
        if !sink.expired() {
            super::prose_ruleset::scan_section(file, &sec, before, sink);
            super::prose_push::scan_section(file, &sec, sink);
            super::git_remote::scan_section(file, &sec, false, sink);
            super::prose_handover::scan_section(file, &sec, sink);
            super::prose_sidechannel::scan_section(file, &sec, sink);
            super::prose_carry::scan_section(file, &sec, sink);
            super::prose_gather::scan_section(file, &sec, sink);
            super::repo_rights::scan_section(file, &sec, sink);
            super::prose_flood::scan_section(file, &sec, sink);
            super::doomed_prose::scan_section(file, &sec, sink);
        }
    }
}

fn html(file: &Src, text: &str, r: Range<usize>, h: &str, framed: bool, sink: &mut Sink) {
    super::hidden_code::pre_blocks(file, h, r.start, framed, sink);
    super::intent_text::model_block_prose(file, h, r.start, sink);
    let mut search = 0;
    while let Some(i) = h[search..].find("<!--") {
        let start = search + i + 4;
        let end = h[start..].find("-->").map(|e| start + e).unwrap_or(h.len());
        let abs_start = r.start + start;
        let abs_end = r.start + end;
        if abs_end > abs_start && abs_end <= text.len() {
            let place = super::hidden_md::Place::Comment;
            super::hidden_md::read_span(file, (abs_start, abs_end), place, agent_text, sink);
        }
        search = (end + 3).min(h.len());
        if search >= h.len() {
            break;
        }
    }
}
