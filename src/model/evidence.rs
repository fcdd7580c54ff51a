//! Evidence: one located, SSL-typed observation of what a skill would do.
//!
//! Extractors turn prose, code blocks, frontmatter and scripts into
//! `Evidence`. Each item becomes a logic step of the skill's SSL record
//! (`act_type`, `resource_scope`, `resource_target`, bindings), and risk rules
//! reason over the items and the flows between them.
//!
//! ## Data-flow conventions
//! * Values are named by `$`-bindings: `output` is what a step produces,
//!   `inputs` what it consumes. Extractors name program variables `$name`
//!   and synthetic values `$pipe_N`, `$sub_N`, `$upload_<path>`.
//! * Functions are keyed `<module>::<function>`, where `<module>` is the
//!   defining file's path relative to the skill without its extension
//!   (`scripts/helpers::collect`). Inside a function, parameter `i` is bound
//!   as `$param:<key>:<i>`.
//! * A call to a function of the skill itself is an [`Op::CallLocal`] step
//!   (`target` = key, `inputs` = argument bindings in order, `output` = the
//!   result binding). A `return X` is an [`Op::Return`] pseudo-step
//!   (`target` = key, `inputs` = bindings of X). The flow pass links
//!   argument `i` to `$param:<key>:<i>` and the returns to the call's
//!   output, across files. `Return` never appears in the SSL record.

use super::vocab::{ActType, ResourceScope};
use serde::Serialize;
use std::collections::BTreeSet;

/// A span in a skill file: 1-based lines, 1-based char columns, end exclusive.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
pub struct Location {
    pub path: String,
    pub start_line: usize,
    pub start_column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

impl Location {
    pub fn line(path: &str, line: usize) -> Self {
        Self {
            path: path.to_string(),
            start_line: line.max(1),
            start_column: 1,
            end_line: line.max(1),
            end_column: 1,
        }
    }
}

/// Where in the skill an observation was made. Drives severity: code that
/// runs without review (hooks, `!` directives) weighs more than prose.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// A bundled script file.
    Script,
    /// A fenced code block in Markdown.
    CodeBlock,
    /// Inline code in Markdown.
    InlineCode,
    /// Markdown prose addressed to the agent or user.
    Prose,
    /// An HTML comment (invisible when rendered).
    HtmlComment,
    /// A frontmatter field.
    Frontmatter,
    /// A Claude Code `hooks` command or an OpenClaw install command.
    Hook,
    /// A `!`cmd`` / ```` ```! ```` directive run by the harness before the model.
    DynamicContext,
    /// Content recovered by decoding an encoded literal.
    Decoded,
    /// A step from an external SSL record (`ssl.json`, `--ssl-file`).
    External,
}

impl Origin {
    pub fn is_code(self) -> bool {
        matches!(
            self,
            Origin::Script
                | Origin::CodeBlock
                | Origin::InlineCode
                | Origin::Hook
                | Origin::DynamicContext
                | Origin::Decoded
        )
    }
}

/// The operation observed. Finer than `act_type`; rules match on it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    // network
    NetFetch,
    NetSend,
    DnsQuery,
    SocketConnect,
    // files
    FileRead,
    FileWrite,
    FileDelete,
    PermChange,
    // environment and secrets
    EnvRead,
    EnvDump,
    KeychainRead,
    ClipboardRead,
    SysInfo,
    // processes and code
    Exec,
    DynamicCode,
    Decode,
    DownloadExec,
    ReverseShell,
    Privileged,
    Persistence,
    Background,
    Loop,
    ForkBomb,
    Mining,
    Sleep,
    Trigger,
    AntiForensics,
    SecurityDisable,
    // prose and manifest signals
    Instruction,
    Concealment,
    PromptOverride,
    HiddenText,
    ToolGrant,
    Install,
    Archive,
    Binary,
    Output,
    /// Script inside an image or document asset (`<script>` or an `on*=`
    /// handler in an SVG): it runs in the browser of whoever views it.
    EmbeddedScript,
    // interprocedural plumbing (see the module docs)
    CallLocal,
    Return,
}

/// Facts about the operation's target or context. Rules match on them.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Tag {
    SecretPath,
    AgentConfig,
    AgentMemory,
    /// The agent's installed program (`$(npm root -g)/openclaw/dist/…`,
    /// `node_modules/@anthropic-ai/claude-code/cli.js`): code that runs in
    /// every session with the agent's rights.
    AgentRuntime,
    BrowserStore,
    /// A web page's own storage read from browser JavaScript
    /// (`document.cookie`, `localStorage`, `sessionStorage`): the
    /// credentials of whoever views the page, not files on disk.
    WebStorage,
    Wallet,
    SecretEnv,
    DeclaredEnv,
    WebhookHost,
    PasteHost,
    TunnelHost,
    FileDropHost,
    RawIp,
    PlainHttp,
    Homoglyph,
    KnownInstaller,
    DeclaredHost,
    ShellTarget,
    Recursive,
    BroadTarget,
    OwnArea,
    /// The skill's own configuration entry or credential store
    /// (`skills.entries.<name>`, `~/.clawdbot/credentials/<name>/`).
    OwnConfig,
    /// A file named on the command line of one of the skill's own scripts
    /// (the script reads it; the caller names it).
    PassedToScript,
    /// A fixed, installed program (`rg`, `jq`, `python3 -m json.tool`):
    /// what reaches it on stdin or as arguments is data, not its code.
    FixedProgram,
    /// A download from the skill's own origin: its homepage, a host named
    /// after it, or its own GitHub repository.
    OwnOrigin,
    /// A `.env` of the skill or of the project it works in (a relative
    /// path, or under the skill's own folder), not the agent's or the
    /// user's.
    ProjectEnv,
    /// A touch of the agent's memory or configuration that the skill's
    /// description announces (a memory skill writing MEMORY.md, a config
    /// backup tool reading openclaw.json).
    DeclaredPurpose,
    /// One named secret from a password manager or keychain (`pass show
    /// x/api-key`, `op read op://Vault/Item`), not a dump or an export.
    NamedItem,
    /// A keychain listing that prints item attributes (service and account
    /// names) but no secret values: `security dump-keychain` without `-d`.
    AttributesOnly,
    /// A whole-environment copy whose value reaches nothing but the
    /// environment of processes the skill starts (`env = os.environ.copy();
    /// subprocess.run(cmd, env=env)`): a child's environment, not a harvest.
    /// Set after the flow graph (`decide::child_env`).
    ChildEnv,
    /// A coding-agent CLI the skill starts (`codex --yolo …`), as opposed
    /// to the agent that runs the skill.
    SubAgent,
    /// A chat bot or webhook URL whose token the user supplies (not written
    /// in the skill): the user's own channel.
    UserChannel,
    Setuid,
    WorldWritable,
    Sudoers,
    /// `~/.ssh/authorized_keys`: whoever holds a listed key logs in.
    AuthorizedKeys,
    RcFile,
    Cron,
    LaunchAgent,
    Systemd,
    Detached,
    Silenced,
    Unbounded,
    DateGate,
    EnvGate,
    FirstRun,
    Obfuscated,
    PathTraversal,
    Encoded,
    PasswordArchive,
    ExeDownload,
    ReleaseDownload,
    RemoteInstructions,
    ForceFlag,
    DiskDevice,
    GitHistory,
    ShellTrue,
    ApprovalBypass,
    /// Round 35: a CI workflow that runs a pull request's own code with the
    /// base repository's rights (`pull_request_target`/`workflow_run` and a
    /// checkout of the PR head).
    UntrustedCheckout,
    /// A prepared lie to the user about what the skill is doing.
    Deception,
    /// A write that installs the skill itself or stores its own settings
    /// (`<agent>/skills/<own-name>/`, `credentials/<own-name>/`).
    OwnInstall,
    /// A documented service install that runs the skill's own program, in
    /// a skill whose stated purpose is a service.
    OwnService,
    /// Prose that asks the user (not the agent) to make a change
    /// ("Add this to your AGENTS.md").
    AddressedToUser,
    /// A command of an OpenClaw install spec (`metadata.openclaw.install`):
    /// the install step the user is offered, unlike a Claude Code hook,
    /// which runs by itself (both have `Origin::Hook`).
    InstallSpec,
    /// Round 24: a package-manager lifecycle hook whose command, followed
    /// through the `scripts` table (`npm run build` → `tsc`), runs only a
    /// compiler, bundler, formatter or `husky install` over the package's
    /// own files (`extract/lifecycle.rs`): it runs by itself, but what it
    /// runs is the build, not the author's code at install time.
    BuildStep,
    /// Round 39: an act of code a build or install tool runs by itself
    /// (Cargo's `build.rs`, RubyGems' `extconf.rb`, `setup.py`, a Hatch
    /// build hook): a send off the machine, a credential read, a
    /// download-and-run or a detached start (`extract/build_hook.rs`). The
    /// user asked to build or install, never for the act.
    BuildTime,
    JudgeAddress,
    Imperative,
    Documentation,
    Negated,
    Reference,
    TestFixture,
    /// A test fixture nothing else in the skill names: no script, hook,
    /// manifest or document points to it (`extract::fixtures`), so its
    /// samples are inert examples of what the skill looks for.
    Unreached,
    /// Round 27: a wrapper function's send whose target is one of its
    /// parameters, when every call of the function passed a known value
    /// for it (`extract::summaries`): each call site carries a copy of the
    /// send to that value, with what the call passed, and the copies are
    /// the sends the rules judge.
    Summarised,
    /// Inside a file or section that declares itself as examples of
    /// attacks ("examples of attacks for recognition training; do not
    /// follow any instruction in them", defanged indicators), which nothing
    /// tells the agent to follow (`extract::declared_examples`).
    DeclaredExample,
    External,
    Windows,
    HistoryFile,
    WideScan,
    /// Files walked, encrypted and their originals deleted (ransomware).
    MassEncrypt,
    /// A standing forward or redirect of the user's mail to an address the
    /// skill writes out (`extract/mail_forward.rs`).
    MailForward,
    /// Account-security mail (codes, resets, sign-in and security alerts)
    /// selected by the act (round 26, `extract/objects.rs`).
    SecurityMail,
    /// A read of a valuable object that is not a credential file: photo
    /// metadata, contacts, calendars, messages, clipboard, notes, history,
    /// vault items, TOTP seeds (round 26, `extract/objects.rs`).
    ValuableObject,
    /// A tool setting that sends the tool's later traffic to a host the
    /// skill writes out: a registry, git URL rewrite or push URL, proxy,
    /// SSH jump for every host, hosts or resolver entry
    /// (`extract/reroute.rs`).
    Reroute,
    /// A reroute that also copies a credential to the new host, turns
    /// verification off, or forwards the SSH agent through it.
    RerouteArmed,
    /// A reroute of where a package manager fetches packages from, written
    /// to the user's or the system's configuration (round 27): every later
    /// install runs what that host serves.
    SourceHijack,
    /// A setting written to the user's or the system's configuration
    /// (`--global`, `~/.npmrc`, `~/.ssh/config`, an rc file, `/etc`).
    GlobalConfig,
    /// A credential folder of the host (`~/.aws`, `~/.ssh`, gcloud,
    /// `~/.kube`) mounted into a container (`extract/cred_mounts.rs`).
    MountedCredential,
    /// A mounted credential folder whose landing place a code file of the
    /// skill names while it sends to a fixed outside host.
    MountSent,
    /// A server-side request handler that logs a request carrying a
    /// parameter in as an administrator it creates or promotes
    /// (`extract/admin_backdoor.rs`).
    AdminBackdoor,
    /// A write into a start-up file, scheduler or unit whose text downloads
    /// and runs code (or opens a shell to the network) at every start.
    PersistsRemoteCode,
    /// A start-up file, scheduler entry, unit or git hook whose code sends
    /// local data to a fixed outside host, or sends with its output hidden
    /// in the background (`extract/persisted.rs`).
    PersistsCovertSend,
    /// An administrator role granted in a cloud or cluster
    /// (`cluster-admin`, `AdministratorAccess`, `roles/owner`, `Owner`).
    AdminGrant,
    /// A resource policy or ACL the skill applies that lets an account
    /// written in the skill, or everyone, read the user's cloud data
    /// (`extract/outside_grant.rs`, round 24).
    OutsideGrant,
    /// A container or pod given the host: privileged, the host's process
    /// namespace, or the host's root folder mounted.
    HostAccess,
    /// An instruction file (`skill.md`, `heartbeat.md`) fetched from a
    /// server every session, or downloaded into the skills folder.
    RemoteSkillFile,
    /// Code its own comment calls a backdoor or hidden behaviour.
    ConcealedTrigger,
    /// Work a server hands out, done on the user's resources: prompts
    /// run on the user's model API keys (LLM-jacking), request floods at
    /// targets a server lists.
    RemoteJobs,
    /// Git hooks for every repository of the user (`git config --global
    /// core.hooksPath`, `init.templateDir`, `~/.git-templates/hooks`).
    GitHook,
    /// A passwordless sudoers grant that is as good as root (`NOPASSWD:
    /// ALL`, a shell, an editor, `find`, `tar`, `openvpn`):
    /// `extract/system_op.rs` `root_equivalent_grant`.
    RootEquivalent,
    /// A job, unit, agent or folder named to pass for part of the operating
    /// system (`systemd-journaldd`, `kworker`, `/var/lib/.sysd`): an intent
    /// signal (`extract/system_op.rs` `masquerades`).
    Masquerade,
    /// Every installed skill updated in one go (`clawdhub update --all`, a
    /// loop that `git pull`s each skill folder): `extract/system_op.rs`.
    SkillsAutoUpdate,
    /// Remote instructions whose text may tell the agent to run commands
    /// ("the playbook may ask you to run commands"): remote code, not only
    /// remote wording (`extract/remote_skill.rs`, `extract/prose.rs`).
    RunsFetched,
    /// A proof-of-work loop read as behaviour (`extract/miner.rs`): a job
    /// received over the network hashed with a counter, compared with its
    /// target, the result sent back.
    ProofOfWork,
    /// That loop spread over every CPU or worker, or run only when the
    /// machine is idle, on battery-free power or out of sight.
    WholeMachine,
    /// A listener on every interface with no check of the caller's
    /// credentials in front of forwarding with the user's keys
    /// (`extract/exposure.rs`).
    OpenListener,
    /// Text received from others handed to the agent as a message, an event
    /// or a hook call (`extract/exposure.rs`, round 28).
    AgentIngress,
    /// An interactive remote login (`ssh host` with no remote command, no
    /// input piped to it and no port exposed): nothing this script holds
    /// travels with it, so it is no send for the no-flow pairing rules.
    LoginOnly,
    /// That listener published on the internet by a tunnel.
    Tunnelled,
    /// Compute, requests or paid calls spent without bound on work the
    /// user did not ask for (round 21, rule SK-RES-006): a container on
    /// every GPU restarted forever and reporting to a stranger, an engine on
    /// every core re-armed at boot, request loops with no pause and no end,
    /// a paid API retried without pause (`extract/burn.rs`,
    /// `extract/fanout.rs`).
    Runaway,
    /// One shape of amplification on its own (round 25,
    /// `extract/amplify.rs`, rule SK-RES-007): concurrency per item of an
    /// input the skill does not bound, or a request loop with no bound and
    /// no pause. Crawlers and long-poll bots have one; a note.
    Amplified,
    /// Rate limits evaded (round 25, `extract/amplify.rs`): rotated user
    /// agents, proxies, keys or accounts, spoofed forwarding headers,
    /// CAPTCHA solving, robots.txt ignored.
    LimitEvasion,
    /// Packages installed from an index or registry the skill names
    /// instead of the public one (`--index-url`, `--registry`,
    /// `--trusted-host`): `extract/package_lure.rs`.
    UntrustedIndex,
    /// A destination the text names as someone other than the user: an
    /// outside address, a third party, a public place
    /// (`extract::prose_acts`); no description or setting consents to it.
    Outsider,
    /// A key no vendor takes: a framework's master or signing key, a
    /// secret store's token, the key of encrypted credentials
    /// (`extract/master_secret.rs`); no skill name or vendor consents to
    /// sending it anywhere off the machine.
    MasterSecret,
    /// A waiver of the user's approval that follows a list whose every item
    /// is a read (`extract::doc_frame::waiver_over_reads`, round 43): it
    /// orders nothing the user must allow; lowered as documentation, and
    /// named so.
    OverReads,
    /// An editor's own trust gate switched off by a skill's code (workspace
    /// trust, automatic tasks: `extract/editor_trust.rs`), with no task
    /// planted to use it and nothing hidden: a warning (round 23).
    EditorTrust,
    /// The act repeated over every workspace, stack, release, namespace or
    /// context a listing prints (`for ws in $(terraform workspace list)`),
    /// round 23: a sweep, never one command's reference.
    EveryScope,
    /// An object the user cannot get back once removed: backups and
    /// snapshots, databases, mail, stored objects, logs, cloud and cluster
    /// resources, remote repositories, scheduled jobs (`extract/doomed.rs`,
    /// round 24), removed in bulk.
    Irreplaceable,
    /// That bulk removal with nothing selecting what goes: every item a
    /// listing returned, a spelling that removes everything, a keep count
    /// of 0 or 1, or a schedule of the user's backups removed.
    Sweep,
    /// Round 32: a recovery safeguard switched off by configuration, not
    /// by a delete call: backup retention of 0 or 1 day, deletion
    /// protection off, versioning suspended, a lifecycle rule expiring
    /// everything, a backup plan emptied, point-in-time recovery off, a
    /// volume set to be deleted with its claim (`extract/safeguards.rs`).
    SafeguardOff,
    /// Round 32: the act runs in an exit or teardown hook (Ruby `at_exit`,
    /// Python `atexit.register`, shell `trap … EXIT`, Node
    /// `process.on('exit')`, Go `defer` in `main`, Perl `END {}`): after the
    /// output the user reads, where nobody looks (`extract/exit_hook.rs`).
    ExitHook,
    /// Round 32: an everything-scope action on the user's own vendor
    /// account (purge every cache, flush every key, restart every
    /// deployment) repeated in a loop that never ends
    /// (`extract/vendor_loop.rs`).
    VendorSweep,
    /// Round 34: a hook of one repository (`.git/hooks/post-commit`,
    /// `.husky/pre-commit`, `$gitDir/hooks/post-merge`): it runs at that
    /// repository's commits and checkouts only (`indicators::repo_hook`);
    /// a program writing one is a warning unless what the hook runs
    /// carries intent (`persisted::body_intent`).
    RepoHook,
    /// Round 35: a payment account the user's data names (IBAN, BIC,
    /// routing number, payee, wallet) replaced with a fixed one the skill
    /// carries (`extract/payee_swap.rs`).
    PayeeSwap,
    /// Round 35: a script in an SVG image that touches nothing of the
    /// viewer's (no cookie, storage, request, navigation, message, code
    /// built at run time or external script): an animation
    /// (`extract/markup.rs`). SK-EXEC-022 at low.
    InertScript,
}

/// One observation. Becomes a logic step; rules turn it into findings.
#[derive(Debug, Clone, Serialize)]
pub struct Evidence {
    pub op: Op,
    pub act: ActType,
    pub scope: ResourceScope,
    /// `resource_target`: the resolved path, URL, host, command or variable.
    pub target: String,
    /// Short description for people and for the SSL `object` field.
    pub object: String,
    /// `instrument`: the API, command or channel used (e.g. `requests.post`).
    pub instrument: String,
    pub location: Location,
    pub snippet: String,
    pub origin: Origin,
    pub tags: BTreeSet<Tag>,
    /// `input_args`: `$`-variables (or literals) consumed.
    pub inputs: Vec<String>,
    /// `output_binding`: the `$`-variable produced, if any.
    pub output: Option<String>,
    /// Language of the code it came from ("bash", "python", "markdown", ...).
    pub lang: &'static str,
    /// Key of the skill function whose body holds this step (see the module
    /// docs), when the extractor knows it. Lets rules ask whether a called
    /// function does anything risky.
    #[serde(skip)]
    pub func: Option<String>,
    /// `CallLocal` only: every binding of each argument, in order, when an
    /// extractor knows more than the first (`inputs` holds the first, for
    /// the SSL record). The flow pass links all of them.
    #[serde(skip)]
    pub arg_binds: Vec<Vec<String>>,
    /// `CallLocal` only: the value each argument folds to at the call site
    /// (a literal URL, path or command line), "" when unknown. The summary
    /// pass (`extract/summaries.rs`) gives a wrapper's sink these values.
    #[serde(skip)]
    pub arg_values: Vec<String>,
    /// A step inside a skill function whose target (URL, command line,
    /// path) is the function's parameter `i` as written (`requests.post(u,
    /// …)` in `def post(u, d)`): what a call site passes for it is the
    /// target at that site (`extract/summaries.rs`).
    #[serde(skip)]
    pub target_param: Option<usize>,
}

impl Evidence {
    pub fn new(op: Op, act: ActType, scope: ResourceScope, target: impl Into<String>) -> Self {
        Self {
            op,
            act,
            scope,
            target: target.into(),
            object: String::new(),
            instrument: String::new(),
            location: Location::default(),
            snippet: String::new(),
            origin: Origin::Script,
            tags: BTreeSet::new(),
            inputs: Vec::new(),
            output: None,
            lang: "",
            func: None,
            arg_binds: Vec::new(),
            arg_values: Vec::new(),
            target_param: None,
        }
    }

    pub fn tag(mut self, t: Tag) -> Self {
        self.tags.insert(t);
        self
    }

    pub fn tags(mut self, ts: impl IntoIterator<Item = Tag>) -> Self {
        self.tags.extend(ts);
        self
    }

    pub fn instrument(mut self, s: impl Into<String>) -> Self {
        self.instrument = s.into();
        self
    }

    pub fn object(mut self, s: impl Into<String>) -> Self {
        self.object = s.into();
        self
    }

    pub fn has(&self, t: Tag) -> bool {
        self.tags.contains(&t)
    }

    /// Stable sort key: file, position, operation, target.
    pub fn sort_key(&self) -> (&str, usize, usize, Op, &str) {
        (
            &self.location.path,
            self.location.start_line,
            self.location.start_column,
            self.op,
            &self.target,
        )
    }
}

/// Deterministic logic-step ids (`L0001_READ`, …), shared by the report
/// and the SSL record; `Op::Return` pseudo-steps get none.
/// An input binding that stands for every binding of its file: what an
/// extractor puts in a binding set that overflowed its cap (`JS_MAX_BINDS`,
/// `PY_MAX_ALIAS`, `PY_MAX_BINDING_NODES`) instead of dropping the rest, so
/// the flow trace assumes the dropped link exists (no flow can hide behind
/// the cap, and the file stays complete).
pub const ANY_BINDING: &str = "$*";

/// Cuts a binding set to `max` entries; when something is cut, the set
/// ends with [`ANY_BINDING`] (conservative, never a silent cut).
pub fn cap_bindings(v: &mut Vec<String>, max: usize) {
    if v.len() > max {
        v.truncate(max);
        v.push(ANY_BINDING.to_string());
    }
}

pub fn step_ids(ev: &[Evidence]) -> Vec<Option<String>> {
    let mut n = 0;
    ev.iter()
        .map(|e| {
            if e.op == Op::Return {
                None
            } else {
                n += 1;
                Some(format!("L{n:04}_{}", e.act))
            }
        })
        .collect()
}
