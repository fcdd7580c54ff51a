use super::*;

// ---------------------------------------------------------------------------
// SKILL.md structure
// ---------------------------------------------------------------------------

/// A paragraph or list item of prose (code blocks, tables and HTML excluded).
#[derive(Debug, Clone)]
pub(super) struct Block {
    pub(super) line: usize,
    pub(super) end_line: usize,
    pub(super) text: String,
    /// A top-level item of a numbered list.
    pub(super) ordered: bool,
}

/// An H1–H3 section of the body, or the text before the first heading.
#[derive(Debug, Clone)]
pub(super) struct Section {
    /// Heading text; empty for the preamble.
    pub(super) title: String,
    /// Heading level (1–3); 0 for the preamble.
    pub(super) level: u8,
    /// First and last line (1-based, inclusive).
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) blocks: Vec<Block>,
}

pub(super) fn line_of(idx: &LineIndex, byte: usize) -> usize {
    idx.position(byte).0
}

/// Splits the body of SKILL.md into sections with their prose blocks.
pub(super) fn sections(text: &str, body_offset: usize, body_line: usize) -> Vec<Section> {
    let offset = crate::text::clamp_boundary(text, body_offset);
    let body = &text[offset..];
    let idx = LineIndex::new(text);
    let last_line = idx.line_count().max(body_line);
    let mut out: Vec<Section> = vec![Section {
        title: String::new(),
        level: 0,
        start: body_line,
        end: last_line,
        blocks: Vec::new(),
    }];
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut in_heading = false;
    let mut in_code = false;
    let mut in_table = false;
    let mut lists: Vec<bool> = Vec::new();
    let mut item_depth = 0usize;
    let mut cur: Option<Block> = None;
    let flush = |cur: &mut Option<Block>, out: &mut Vec<Section>| {
        if let Some(mut b) = cur.take() {
            b.text = b.text.split_whitespace().collect::<Vec<_>>().join(" ");
            if !b.text.is_empty()
                && let Some(s) = out.last_mut()
            {
                s.blocks.push(b);
            }
        }
    };
    for (ev, r) in Parser::new_ext(body, opts).into_offset_iter() {
        let (start, end) = (r.start + offset, r.end + offset);
        let inline_code = matches!(ev, Event::Code(_));
        match ev {
            Event::Start(MdTag::Heading { level, .. }) => {
                flush(&mut cur, &mut out);
                if level <= HeadingLevel::H3 {
                    let line = line_of(&idx, start);
                    if let Some(prev) = out.last_mut() {
                        prev.end = line.saturating_sub(1).max(prev.start);
                    }
                    out.push(Section {
                        title: String::new(),
                        level: level as u8,
                        start: line,
                        end: last_line,
                        blocks: Vec::new(),
                    });
                    in_heading = true;
                }
            }
            Event::End(TagEnd::Heading(level)) => {
                in_heading = false;
                if level > HeadingLevel::H3 {
                    flush(&mut cur, &mut out);
                }
            }
            Event::Start(MdTag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(MdTag::Table(_)) => in_table = true,
            Event::End(TagEnd::Table) => in_table = false,
            Event::Start(MdTag::List(first)) => lists.push(first.is_some()),
            Event::End(TagEnd::List(_)) => {
                lists.pop();
            }
            Event::Start(MdTag::Item) => {
                flush(&mut cur, &mut out);
                item_depth += 1;
                cur = Some(Block {
                    line: line_of(&idx, start),
                    end_line: line_of(&idx, start),
                    text: String::new(),
                    ordered: lists.len() == 1 && lists.last() == Some(&true),
                });
            }
            Event::End(TagEnd::Item) => {
                flush(&mut cur, &mut out);
                item_depth = item_depth.saturating_sub(1);
            }
            Event::End(TagEnd::Paragraph) if item_depth == 0 => flush(&mut cur, &mut out),
            Event::Text(t) | Event::Code(t) => {
                // Inline code keeps its backticks: "`fetch` fails" is not
                // an instruction to fetch.
                let t = if inline_code {
                    format!("`{t}`")
                } else {
                    t.to_string()
                };
                if in_heading {
                    if let Some(s) = out.last_mut() {
                        s.title.push_str(t.trim_matches('`'));
                    }
                } else if !in_code && !in_table {
                    let b = cur.get_or_insert_with(|| Block {
                        line: line_of(&idx, start),
                        end_line: line_of(&idx, start),
                        text: String::new(),
                        ordered: false,
                    });
                    b.text.push_str(&t);
                    b.end_line = line_of(&idx, end.saturating_sub(1).max(start));
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(b) = cur.as_mut() {
                    b.text.push(' ');
                }
            }
            _ => {}
        }
    }
    flush(&mut cur, &mut out);
    // The preamble exists only when there is text before the first heading.
    if out.len() > 1 && (out[0].end < out[0].start || out[0].start >= out[1].start) {
        out.remove(0);
    }
    for s in &mut out {
        s.title = s.title.split_whitespace().collect::<Vec<_>>().join(" ");
        s.end = s.end.max(s.start);
    }
    out
}

/// The first sentence of a text (abbreviations such as "e.g." do not end it).
pub fn first_sentence(s: &str) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = s.chars().collect();
    let mut end = chars.len();
    for (i, &c) in chars.iter().enumerate() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let next = chars.get(i + 1).copied();
        if next.is_some_and(|n| !n.is_whitespace()) {
            continue;
        }
        if c == '.' {
            let word: String = chars[..i]
                .iter()
                .rev()
                .take_while(|c| !c.is_whitespace())
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<String>()
                .to_lowercase();
            let word = word.trim_start_matches(['(', '"', '\'']);
            if matches!(
                word,
                "e.g" | "i.e" | "etc" | "vs" | "approx" | "incl" | "cf" | "no"
            ) || word.chars().count() == 1
            {
                continue;
            }
        }
        end = i + 1;
        break;
    }
    let out: String = chars[..end].iter().collect();
    let out = out.trim().to_string();
    if out.chars().count() > 300 {
        let mut t: String = out.chars().take(300).collect();
        t.push('…');
        t
    } else {
        out
    }
}
