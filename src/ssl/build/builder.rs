use super::*;

// ---------------------------------------------------------------------------
// The builder
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Unit {
    Frontmatter,
    Section(usize),
    File(usize),
    Bundled,
    External,
}

/// A step before it gets its transitions.
pub(super) struct Draft {
    pub(super) id: String,
    /// Sort key inside its scene: line, column, then creation order.
    pub(super) key: (usize, usize, usize),
    pub(super) step: LogicStep,
}

pub(super) struct Builder<'a> {
    pub(super) report: &'a SkillReport,
    pub(super) manifest: &'a Manifest,
    pub(super) skill: &'a Skill,
    pub(super) manifest_text: &'a str,
    pub(super) sections: Vec<Section>,
    /// Steps of every unit.
    pub(super) steps: BTreeMap<Unit, Vec<Draft>>,
    /// Files that get their own unit, and whether the skill runs them.
    pub(super) file_run: BTreeMap<usize, bool>,
    /// Units in document order.
    pub(super) order: Vec<Unit>,
}

pub(super) fn skill_id(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_uppercase());
        } else if !s.ends_with('_') {
            s.push('_');
        }
    }
    let s = s.trim_matches('_');
    if s.is_empty() {
        "SKILL_UNNAMED".into()
    } else {
        format!("SKILL_{s}")
    }
}

pub(super) fn upper_slug(s: &str, max: usize) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if out.len() >= max {
            break;
        }
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_uppercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

pub(super) fn push_unique(v: &mut Vec<String>, s: String) {
    if !s.is_empty() && !v.contains(&s) {
        v.push(s);
    }
}

pub(super) fn effects(op: Op) -> &'static [&'static str] {
    match op {
        Op::NetFetch => &["data_fetched"],
        Op::NetSend => &["data_sent"],
        Op::DnsQuery => &["dns_query_sent"],
        Op::SocketConnect => &["connection_opened"],
        Op::FileRead => &["file_read"],
        Op::FileWrite => &["file_written"],
        Op::FileDelete => &["file_deleted"],
        Op::PermChange => &["permissions_changed"],
        Op::EnvRead => &["env_read"],
        Op::EnvDump => &["environment_dumped"],
        Op::KeychainRead => &["secret_store_read"],
        Op::ClipboardRead => &["clipboard_read"],
        Op::SysInfo => &["system_info_read"],
        Op::Exec => &["process_executed"],
        Op::DynamicCode => &["dynamic_code_executed"],
        Op::Decode => &["data_decoded"],
        Op::DownloadExec => &["remote_code_executed"],
        Op::ReverseShell => &["remote_shell_opened"],
        Op::Privileged => &["privileges_elevated"],
        Op::Persistence => &["persistence_installed"],
        Op::Background => &["background_process_started"],
        Op::ForkBomb => &["processes_spawned"],
        Op::Mining => &["mining_started"],
        Op::Sleep => &["execution_delayed"],
        Op::AntiForensics => &["traces_erased"],
        Op::SecurityDisable => &["protection_disabled"],
        Op::Concealment => &["action_hidden_from_user"],
        Op::PromptOverride => &["instructions_overridden"],
        Op::ToolGrant => &["tool_preapproved"],
        Op::Install => &["package_installed"],
        Op::Output => &["output_shown"],
        Op::Loop
        | Op::Trigger
        | Op::Instruction
        | Op::HiddenText
        | Op::Archive
        | Op::Binary
        | Op::EmbeddedScript
        | Op::CallLocal
        | Op::Return => &[],
    }
}

pub(super) fn preconditions(e: &Evidence) -> Vec<String> {
    let mut v = Vec::new();
    for (t, s) in [
        (Tag::DateGate, "date_condition"),
        (Tag::EnvGate, "environment_condition"),
        (Tag::FirstRun, "first_run_condition"),
    ] {
        if e.has(t) {
            v.push(s.to_string());
        }
    }
    v
}

pub(super) fn is_code_origin(o: Origin) -> bool {
    o.is_code() || o == Origin::External
}

impl<'a> Builder<'a> {
    pub(super) fn new(report: &'a SkillReport) -> Self {
        let skill = &report.skill;
        let manifest_text = skill.manifest_file().map(|f| f.text.as_str()).unwrap_or("");
        let manifest = &report.manifest;
        let body_line = manifest.body_line.max(1);
        let sections = if skill.manifest_file().is_some() {
            sections(manifest_text, manifest.body_offset, body_line)
        } else {
            Vec::new()
        };
        Self {
            report,
            manifest,
            skill,
            manifest_text,
            sections,
            steps: BTreeMap::new(),
            file_run: BTreeMap::new(),
            order: Vec::new(),
        }
    }

    pub(super) fn body_line(&self) -> usize {
        self.manifest.body_line.max(1)
    }

    pub(super) fn section_of(&self, line: usize) -> Option<usize> {
        let i = self.sections.partition_point(|s| s.start <= line);
        i.checked_sub(1)
    }

    /// Units in document order, and which files get one.
    pub(super) fn place_units(&mut self) {
        let mentions = Mentions::new(self.skill);
        let mut by_unit: BTreeMap<Unit, Vec<Mention>> = BTreeMap::new();
        let manifest_mentions = mentions.find(self.skill, self.manifest_text);
        let body_line = self.body_line();
        for m in manifest_mentions {
            let unit = if m.line < body_line {
                Unit::Frontmatter
            } else {
                match self.section_of(m.line) {
                    Some(s) => Unit::Section(s),
                    None => Unit::Frontmatter,
                }
            };
            by_unit.entry(unit).or_default().push(m);
        }
        let mut roots = vec![Unit::Frontmatter];
        roots.extend((0..self.sections.len()).map(Unit::Section));
        let mut placed: BTreeSet<usize> = BTreeSet::new();
        // Whether any reached text runs the file (not only its first mention).
        let mut run_any: BTreeMap<usize, bool> = BTreeMap::new();
        for root in roots {
            // Depth-first, children in order of first mention.
            let mut stack = vec![root];
            while let Some(u) = stack.pop() {
                self.order.push(u);
                let ms = match u {
                    Unit::File(f) => {
                        let file = &self.skill.files[f];
                        if file.kind.is_text() {
                            mentions.find(self.skill, &file.text)
                        } else {
                            Vec::new()
                        }
                    }
                    _ => by_unit.remove(&u).unwrap_or_default(),
                };
                let mut children = Vec::new();
                for m in ms {
                    *run_any.entry(m.file).or_default() |= m.run;
                    if placed.insert(m.file) {
                        children.push(Unit::File(m.file));
                    }
                }
                for c in children.into_iter().rev() {
                    stack.push(c);
                }
            }
        }
        for f in placed {
            self.file_run
                .insert(f, run_any.get(&f).copied().unwrap_or(false));
        }
        self.order.push(Unit::Bundled);
        self.order.push(Unit::External);
    }

    pub(super) fn unit_of(&self, e: &Evidence) -> Unit {
        let path = e.location.path.as_str();
        if e.origin == Origin::External
            && (path == SKILL_SSL_FILE || self.skill.file(path).is_none())
        {
            return Unit::External;
        }
        if path == self.skill.manifest_path {
            if e.location.start_line < self.body_line() {
                return Unit::Frontmatter;
            }
            return self
                .section_of(e.location.start_line)
                .map(Unit::Section)
                .unwrap_or(Unit::Frontmatter);
        }
        match self.skill.files.iter().position(|f| f.rel == path) {
            Some(i) if self.file_run.contains_key(&i) => Unit::File(i),
            _ => Unit::Bundled,
        }
    }

    pub(super) fn evidence_steps(&mut self) {
        let ev = &self.report.evidence;
        let ids = if self.report.step_ids.len() == ev.len() {
            self.report.step_ids.clone()
        } else {
            crate::evidence::step_ids(ev)
        };
        for (i, (e, id)) in ev.iter().zip(ids).enumerate() {
            let Some(id) = id else { continue };
            if e.op == Op::Return {
                continue;
            }
            let unit = self.unit_of(e);
            let disp = |b: &str| external::display_binding(b);
            let start = e.location.start_line.max(1);
            let end = e.location.end_line.max(start);
            let step = LogicStep {
                logic_step_id: id.clone(),
                act_type: e.act,
                input_args: e
                    .inputs
                    .iter()
                    .filter(|b| !b.is_empty())
                    .map(|b| disp(b))
                    .collect(),
                output_binding: e.output.as_deref().map(disp).unwrap_or_default(),
                actor: if matches!(e.origin, Origin::Hook | Origin::DynamicContext) {
                    "harness".into()
                } else {
                    "skill".into()
                },
                object: e.object.clone(),
                instrument: (!e.instrument.is_empty()).then(|| e.instrument.clone()),
                preconditions: preconditions(e),
                effects: effects(e.op).iter().map(|s| s.to_string()).collect(),
                resource_scope: e.scope,
                resource_target: e.target.clone(),
                next_step_rules: Vec::new(),
                evidence: Some(StepEvidence {
                    path: e.location.path.clone(),
                    start_line: u32::try_from(start).unwrap_or(u32::MAX),
                    end_line: u32::try_from(end).unwrap_or(u32::MAX),
                    snippet: e.snippet.clone(),
                    origin: if e.origin == Origin::External {
                        StepEvidence::ORIGIN_EXTERNAL.into()
                    } else {
                        StepEvidence::ORIGIN_STATIC.into()
                    },
                }),
            };
            self.steps.entry(unit).or_default().push(Draft {
                id,
                key: (start, e.location.start_column, i),
                step,
            });
        }
    }

    pub(super) fn prose_step(
        &self,
        n: usize,
        block: &Block,
        sentence: &str,
        ins: Instruction,
    ) -> Draft {
        let act = ins.act;
        let id = format!("LP{n:03}_{act}");
        Draft {
            id: id.clone(),
            key: (block.line, 0, usize::MAX / 2 + n),
            step: LogicStep {
                logic_step_id: id,
                act_type: act,
                input_args: Vec::new(),
                output_binding: String::new(),
                actor: "skill".into(),
                object: ins.object,
                instrument: None,
                preconditions: ins
                    .condition
                    .map(|c| snippet(&c, 120))
                    .into_iter()
                    .collect(),
                effects: Vec::new(),
                resource_scope: coarse_scope(act),
                resource_target: String::new(),
                next_step_rules: Vec::new(),
                evidence: Some(StepEvidence {
                    path: self.skill.manifest_path.clone(),
                    start_line: u32::try_from(block.line).unwrap_or(u32::MAX),
                    end_line: u32::try_from(block.end_line.max(block.line)).unwrap_or(u32::MAX),
                    snippet: snippet(sentence, 200),
                    origin: StepEvidence::ORIGIN_STATIC.into(),
                }),
            },
        }
    }

    /// Steps from numbered procedures, and from the first instruction of a
    /// section that has no evidence.
    pub(super) fn prose_steps(&mut self) {
        let mut n = 0usize;
        let manifest_ev: Vec<usize> = self
            .report
            .evidence
            .iter()
            .filter(|e| e.location.path == self.skill.manifest_path && e.op != Op::Return)
            .map(|e| e.location.start_line)
            .collect();
        for si in 0..self.sections.len() {
            let has_ev = self
                .steps
                .get(&Unit::Section(si))
                .is_some_and(|v| !v.is_empty());
            let mut drafts = Vec::new();
            let section = &self.sections[si];
            // "When to use" lists requests to the agent, not its steps.
            if INTENT_HEADING.is_match(&section.title) {
                continue;
            }
            for b in section.blocks.iter().filter(|b| b.ordered) {
                let covered = manifest_ev.iter().any(|&l| l >= b.line && l <= b.end_line);
                if covered {
                    continue;
                }
                let s = first_sentence(&b.text);
                if let Some(ins) = instruction(&s) {
                    n += 1;
                    drafts.push(self.prose_step(n, b, &s, ins));
                }
            }
            if !has_ev && drafts.is_empty() {
                let found = section.blocks.iter().find_map(|b| {
                    let s = first_sentence(&b.text);
                    instruction(&s).map(|ins| (b, s, ins))
                });
                if let Some((b, s, ins)) = found {
                    n += 1;
                    drafts.push(self.prose_step(n, b, &s, ins));
                }
            }
            if !drafts.is_empty() {
                self.steps
                    .entry(Unit::Section(si))
                    .or_default()
                    .extend(drafts);
            }
        }
        // No step at all: one grounded in the description (or, failing that,
        // in the first line of SKILL.md), so that the record has a scene.
        if self.steps.values().all(|v| v.is_empty()) {
            let desc_line = self.manifest.line_of("description");
            let (line, text) = if !self.report.description.trim().is_empty() {
                (desc_line, self.report.description.clone())
            } else {
                (
                    1,
                    self.manifest_text.lines().next().unwrap_or("").to_string(),
                )
            };
            let block = Block {
                line,
                end_line: line,
                text: text.clone(),
                ordered: false,
            };
            let ins = Instruction {
                act: ActType::Infer,
                object: first_sentence(&text),
                condition: None,
            };
            let mut d = self.prose_step(1, &block, &text, ins);
            if self.skill.manifest_file().is_none() {
                d.step.evidence = None;
            }
            self.steps.entry(Unit::Frontmatter).or_default().push(d);
        }
    }

    pub(super) fn unit_name_goal_type(
        &self,
        u: Unit,
        acts: &[ActType],
    ) -> (String, String, SceneType) {
        match u {
            Unit::Frontmatter => (
                "frontmatter".into(),
                "Declarations of the SKILL.md frontmatter".into(),
                SceneType::Prepare,
            ),
            Unit::Section(i) => {
                let s = &self.sections[i];
                let name = if s.title.is_empty() {
                    "overview".to_string()
                } else {
                    snippet(&s.title, 80)
                };
                let goal = s
                    .blocks
                    .first()
                    .map(|b| snippet(&first_sentence(&b.text), 200))
                    .unwrap_or_else(|| name.clone());
                // An H1 is the document's title ("AWS Cost Report"), not a
                // stage: typed by its steps.
                let named = if s.level >= 2 {
                    heading_type(&s.title)
                } else {
                    None
                };
                let t = named.unwrap_or_else(|| steps_type(acts));
                (name, goal, t)
            }
            Unit::File(f) => {
                let rel = snippet(&self.skill.files[f].rel, 120);
                if self.file_run.get(&f).copied().unwrap_or(false) {
                    (rel.clone(), format!("Run {rel}"), SceneType::Act)
                } else {
                    (rel.clone(), format!("Use {rel}"), steps_type(acts))
                }
            }
            Unit::Bundled => (
                "bundled files".into(),
                "Files bundled with the skill that SKILL.md does not mention".into(),
                SceneType::Act,
            ),
            Unit::External => (
                "external SSL record".into(),
                "Steps claimed by an external SSL record".into(),
                steps_type(acts),
            ),
        }
    }

    pub(super) fn build(mut self) -> SslRecord {
        self.place_units();
        self.evidence_steps();
        self.prose_steps();
        // Scenes: units with steps, in document order, capped.
        let mut units: Vec<(Unit, Vec<Draft>)> = Vec::new();
        let mut order = std::mem::take(&mut self.order);
        // Units missing from `order` (never expected) come last.
        let rest: Vec<Unit> = self
            .steps
            .keys()
            .filter(|k| !order.contains(k))
            .copied()
            .collect();
        order.extend(rest);
        for u in order {
            let Some(mut drafts) = self.steps.remove(&u) else {
                continue;
            };
            if drafts.is_empty() {
                continue;
            }
            drafts.sort_by_key(|d| d.key);
            if units.len() >= MAX_SCENES {
                if let Some(last) = units.last_mut() {
                    last.1.extend(drafts);
                }
            } else {
                units.push((u, drafts));
            }
        }
        // Unique step ids, whatever happened upstream.
        let mut used: BTreeSet<String> = BTreeSet::new();
        for (_, drafts) in &mut units {
            for d in drafts.iter_mut() {
                let mut id = d.id.clone();
                let mut k = 2;
                while used.contains(&id) {
                    id = format!("{}_{k}", d.id);
                    k += 1;
                }
                used.insert(id.clone());
                d.id = id.clone();
                d.step.logic_step_id = id;
            }
        }
        let mut scenes: Vec<Scene> = Vec::new();
        let mut steps: Vec<LogicStep> = Vec::new();
        for (i, (u, drafts)) in units.into_iter().enumerate() {
            let acts: Vec<ActType> = drafts.iter().map(|d| d.step.act_type).collect();
            let (name, goal, t) = self.unit_name_goal_type(u, &acts);
            let slug = upper_slug(&name, 24);
            let mut scene_id = if slug.is_empty() {
                format!("S{:02}_{t}", i + 1)
            } else {
                format!("S{:02}_{t}_{slug}", i + 1)
            };
            if used.contains(&scene_id) {
                scene_id = format!("S{:02}_{t}_SCENE", i + 1);
            }
            used.insert(scene_id.clone());
            let ids: Vec<String> = drafts.iter().map(|d| d.id.clone()).collect();
            let mut input = Vec::new();
            let mut output = Vec::new();
            let mut produced: BTreeSet<String> = BTreeSet::new();
            for (k, mut d) in drafts.into_iter().enumerate() {
                for a in &d.step.input_args {
                    if a.starts_with('$') && !produced.contains(a) {
                        push_unique(&mut input, a.clone());
                    }
                }
                if d.step.output_binding.starts_with('$') {
                    produced.insert(d.step.output_binding.clone());
                    push_unique(&mut output, d.step.output_binding.clone());
                }
                let next = ids
                    .get(k + 1)
                    .cloned()
                    .unwrap_or_else(|| "YIELD_SUCCESS".into());
                d.step.next_step_rules = vec![Transition {
                    condition: "success".into(),
                    target: next,
                }];
                steps.push(d.step);
            }
            scenes.push(Scene {
                scene_id,
                scene_name: name,
                scene_type: t,
                scene_goal: goal,
                input,
                output,
                entry_conditions: Vec::new(),
                exit_conditions: Vec::new(),
                entry_logic_step_id: ids[0].clone(),
                contained_logic_steps: ids,
                next_scene_rules: Vec::new(),
            });
        }
        self.transitions(&mut scenes);
        let skill = self.skill_record(&scenes, &steps);
        SslRecord {
            skill,
            scenes,
            logic_steps: steps,
        }
    }

    /// `success` to the next non-RECOVER scene, `failure` to the first
    /// RECOVER scene, `default` to END_FAIL.
    pub(super) fn transitions(&self, scenes: &mut [Scene]) {
        let recover = scenes
            .iter()
            .find(|s| s.scene_type == SceneType::Recover)
            .map(|s| s.scene_id.clone());
        let n = scenes.len();
        for i in 0..n {
            let next = scenes[i + 1..]
                .iter()
                .find(|s| s.scene_type != SceneType::Recover)
                .map(|s| s.scene_id.clone())
                .unwrap_or_else(|| "END_SUCCESS".into());
            let s = &mut scenes[i];
            let mut rules = vec![Transition {
                condition: "success".into(),
                target: next,
            }];
            if s.scene_type == SceneType::Recover {
                s.entry_conditions.push("failure".into());
            } else if let Some(r) = &recover {
                rules.push(Transition {
                    condition: "failure".into(),
                    target: r.clone(),
                });
            }
            rules.push(Transition {
                condition: "default".into(),
                target: "END_FAIL".into(),
            });
            s.next_scene_rules = rules;
        }
        if let Some(first) = scenes.first_mut()
            && first.scene_type != SceneType::Recover
        {
            first.entry_conditions.push("skill_dispatched".into());
        }
    }

    pub(super) fn skill_record(&self, scenes: &[Scene], steps: &[LogicStep]) -> SkillRecord {
        let ev = &self.report.evidence;
        let has_branch = scenes.iter().any(|s| {
            s.next_scene_rules
                .iter()
                .filter(|r| r.condition != "default")
                .count()
                > 1
        }) || steps.iter().any(|s| !s.preconditions.is_empty());
        let has_loop = ev
            .iter()
            .any(|e| matches!(e.op, Op::Loop | Op::ForkBomb) || e.has(Tag::Unbounded));
        let local_calls: BTreeSet<&str> = ev
            .iter()
            .zip(&self.report.step_ids)
            .filter(|(e, _)| e.op == Op::CallLocal)
            .filter_map(|(_, id)| id.as_deref())
            .collect();
        let has_tool_call = steps.iter().any(|s| {
            s.act_type == ActType::CallTool && !local_calls.contains(s.logic_step_id.as_str())
        });
        let touches_sensitive_resources = steps.iter().any(|s| {
            matches!(
                s.resource_scope,
                ResourceScope::Credentials | ResourceScope::UserData
            )
        });
        let prose_only = !ev
            .iter()
            .any(|e| e.op != Op::Return && is_code_origin(e.origin));
        SkillRecord {
            skill_id: skill_id(&self.report.name),
            skill_name: self.report.name.clone(),
            skill_goal: first_sentence(&self.report.description),
            top_pattern: top_pattern(scenes, prose_only),
            expected_inputs: self.expected_inputs(),
            expected_outputs: self.expected_outputs(),
            dependencies: self.dependencies(),
            tags: self.tags(),
            intent_signature: self.intents(),
            control_flow_features: ControlFlowFeatures {
                has_branch,
                has_loop,
                has_tool_call,
                touches_sensitive_resources,
            },
            entry_scene_id: scenes
                .first()
                .map(|s| s.scene_id.clone())
                .unwrap_or_default(),
            subscenes: scenes.iter().map(|s| s.scene_id.clone()).collect(),
        }
    }

    pub(super) fn tags(&self) -> Vec<String> {
        let m = self.manifest;
        let mut out = Vec::new();
        let meta = m.data.get("metadata");
        let sources = [
            m.data.get("tags"),
            m.data.get("keywords"),
            m.data.get("category"),
            meta.and_then(|v| v.get("tags")),
            meta.and_then(|v| v.get("keywords")),
            meta.and_then(|v| v.get("category")),
            m.openclaw.as_ref().and_then(|o| o.get("tags")),
        ];
        for src in sources.into_iter().flatten() {
            let list = match src {
                Value::String(s) => s
                    .split(',')
                    .map(|t| t.trim().to_string())
                    .collect::<Vec<_>>(),
                v => str_list(Some(v)),
            };
            for t in list {
                if out.len() < MAX_NAMED {
                    push_unique(&mut out, snippet(&t, 60));
                }
            }
        }
        out
    }

    pub(super) fn intents(&self) -> Vec<String> {
        let mut out = Vec::new();
        let desc = &self.report.description;
        for m in TRIGGER.captures_iter(desc) {
            let clause = first_sentence(m.get(1).map_or("", |c| c.as_str()));
            let clause = clause.trim_end_matches(['.', '!', '?']).trim();
            push_unique(&mut out, snippet(clause, 160));
        }
        for m in TRIGGER_LIST.captures_iter(desc) {
            let list = first_sentence(m.get(1).map_or("", |c| c.as_str()));
            for item in list.trim_end_matches('.').split([',', ';']) {
                let item = item
                    .trim()
                    .trim_start_matches("or ")
                    .trim_matches(|c: char| matches!(c, '"' | '\'' | '“' | '”'));
                push_unique(&mut out, snippet(item, 160));
            }
        }
        let wtu = self
            .manifest
            .data
            .get("when_to_use")
            .or_else(|| self.manifest.data.get("when-to-use"));
        match wtu {
            Some(Value::String(s)) => push_unique(&mut out, snippet(s.trim(), 160)),
            Some(Value::Array(a)) => {
                for v in a.iter().filter_map(Value::as_str) {
                    push_unique(&mut out, snippet(v.trim(), 160));
                }
            }
            _ => {}
        }
        for s in &self.sections {
            if !INTENT_HEADING.is_match(&s.title) {
                continue;
            }
            for b in s.blocks.iter().take(MAX_INTENTS) {
                let t = b
                    .text
                    .trim()
                    .trim_matches(|c: char| matches!(c, '"' | '\'' | '“' | '”'));
                push_unique(&mut out, snippet(t, 160));
            }
        }
        out.truncate(MAX_INTENTS);
        out
    }

    /// `$ARGUMENTS`, `argument-hint`, and argparse/click declarations of the
    /// Python scripts the skill runs.
    pub(super) fn expected_inputs(&self) -> Vec<NamedType> {
        let mut out: Vec<NamedType> = Vec::new();
        let add = |name: String, ty: &str, out: &mut Vec<NamedType>| {
            if !name.is_empty() && out.len() < MAX_NAMED && !out.iter().any(|n| n.name == name) {
                out.push(NamedType {
                    name,
                    r#type: ty.into(),
                });
            }
        };
        let body = crate::text::slice(
            self.manifest_text,
            self.manifest.body_offset,
            self.manifest_text.len(),
        );
        if let Some(hint) = self.manifest.get_str("argument-hint") {
            for c in HINT.captures_iter(&hint) {
                add(c[1].trim().replace(' ', "_"), "str", &mut out);
            }
        }
        if body.contains("$ARGUMENTS") {
            add("ARGUMENTS".into(), "str", &mut out);
        }
        for (f, run) in &self.file_run {
            let file = &self.skill.files[*f];
            if !run || file.kind != FileKind::Python {
                continue;
            }
            for c in ARGPARSE.captures_iter(&file.text) {
                let names: Vec<&str> = [c.get(2), c.get(4)]
                    .into_iter()
                    .flatten()
                    .map(|m| m.as_str())
                    .collect();
                let long = names.iter().find(|n| n.starts_with("--"));
                let name = long.or(names.first()).copied().unwrap_or("");
                let name = name.trim_start_matches('-').replace('-', "_");
                let rest = c.get(5).map_or("", |m| m.as_str());
                add(name, arg_type(rest), &mut out);
            }
        }
        out
    }

    /// Literal files the skill's code writes.
    pub(super) fn expected_outputs(&self) -> Vec<NamedType> {
        let mut names: BTreeSet<String> = BTreeSet::new();
        for e in &self.report.evidence {
            if e.op == Op::FileWrite
                && e.origin.is_code()
                && !e.target.is_empty()
                && !e.target.contains(['$', '{', '*', '\n'])
                && !e.target.starts_with("/dev/")
                && !e.target.starts_with('-')
                && !e.target.chars().all(|c| c.is_ascii_digit() || c == '&')
                && !e.has(Tag::TestFixture)
                && !e.has(Tag::Documentation)
            {
                names.insert(snippet(&e.target, 120));
            }
        }
        names
            .into_iter()
            .take(MAX_NAMED)
            .map(|name| NamedType {
                name,
                r#type: "file".into(),
            })
            .collect()
    }

    pub(super) fn dependencies(&self) -> Vec<Dependency> {
        let m = self.manifest;
        let mut out: Vec<Dependency> = Vec::new();
        let add = |t: &str, v: String, out: &mut Vec<Dependency>| {
            let v = snippet(&v, 200);
            if !v.is_empty() && !out.iter().any(|d| d.r#type == t && d.value == v) {
                out.push(Dependency {
                    r#type: t.into(),
                    value: v,
                });
            }
        };
        for b in m.declared_bins() {
            add("binary", b, &mut out);
        }
        for e in m.declared_env() {
            add("env", e, &mut out);
        }
        for t in m.allowed_tools() {
            add("permission", t, &mut out);
        }
        let mut hosts: BTreeSet<String> = BTreeSet::new();
        for e in &self.report.evidence {
            if matches!(
                e.op,
                Op::NetFetch | Op::NetSend | Op::SocketConnect | Op::DownloadExec | Op::DnsQuery
            ) && let Some(h) = url_host(&e.target)
                && !h.contains(['$', '{', '}', '<', '>'])
                && !e.has(Tag::Documentation)
            {
                hosts.insert(h);
            }
        }
        for h in hosts {
            add("network", h, &mut out);
        }
        for spec in m.install_specs() {
            let kind = spec
                .get("kind")
                .and_then(Value::as_str)
                .unwrap_or("install");
            let what = ["formula", "package", "module", "url", "id"]
                .iter()
                .find_map(|k| spec.get(*k).and_then(Value::as_str))
                .unwrap_or("");
            if !what.is_empty() {
                add("install", format!("{kind}:{what}"), &mut out);
            }
        }
        out
    }
}

pub(super) fn arg_type(rest: &str) -> &'static str {
    if rest.contains("store_true") || rest.contains("store_false") || rest.contains("is_flag") {
        "bool"
    } else if rest.contains("nargs") || rest.contains("multiple=True") {
        "list"
    } else if rest.contains("type=int") {
        "int"
    } else if rest.contains("type=float") {
        "float"
    } else {
        "str"
    }
}

static_regexes! {
    TRIGGER = r"(?i)\b(?:use (?:this skill |this |it )?(?:when(?:ever)?|for|if)|(?:should be |is )?used (?:when(?:ever)?|for)|invoke (?:this skill )?when|trigger(?:ed)? (?:when|by|on)|activate(?:s)? when|applies when)\s+([^.!?]+[.!?]?)";
    TRIGGER_LIST = r"(?i)\b(?:triggers?|trigger phrases|keywords)\s*(?:include|are)?\s*:\s*([^.!?\n]+)";
    INTENT_HEADING = r"(?i)^(when to (use|activate|invoke)|triggers?|trigger phrases|use cases|example (requests|prompts|queries)|activation)\b";
    HINT = r"[\[<]([^\]>]{1,40})[\]>]";
    ARGPARSE = r#"(?:add_argument|click\.argument|click\.option)\(\s*(['"])([^'"\n]{1,60})['"](?:\s*,\s*(['"])([^'"\n]{1,60})['"])?([^)\n]{0,300})"#;
}

/// `VERB_AND_VERB` from the scene types; `GUIDE_AND_APPLY` for prose-only
/// skills (the paper's pattern for guidance skills).
pub(super) fn top_pattern(scenes: &[Scene], prose_only: bool) -> String {
    if prose_only {
        return "GUIDE_AND_APPLY".into();
    }
    let verb = |t: SceneType| match t {
        SceneType::Prepare => "PREPARE",
        SceneType::Acquire => "ACQUIRE",
        SceneType::Reason => "REASON",
        SceneType::Act => "ACT",
        SceneType::Verify => "VERIFY",
        SceneType::Recover => "RECOVER",
        SceneType::Finalize => "REPORT",
    };
    let mut core: Vec<SceneType> = Vec::new();
    for s in scenes {
        if !matches!(s.scene_type, SceneType::Prepare | SceneType::Recover)
            && !core.contains(&s.scene_type)
        {
            core.push(s.scene_type);
        }
    }
    match core.as_slice() {
        [] => {
            let first = scenes.first().map_or(SceneType::Prepare, |s| s.scene_type);
            format!("{}_AND_RETURN", verb(first))
        }
        [one] => {
            if scenes.iter().any(|s| s.scene_type == SceneType::Prepare) {
                format!("PREPARE_AND_{}", verb(*one))
            } else {
                format!("{}_AND_RETURN", verb(*one))
            }
        }
        [first, .., last] => format!("{}_AND_{}", verb(*first), verb(*last)),
    }
}
