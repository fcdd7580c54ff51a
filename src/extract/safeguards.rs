//! Round 32 (impact32): destruction by configuration. Backups, snapshots
//! and stored objects are lost without a single delete call when the
//! settings that keep them are turned off: automated backup retention set
//! to 0 or 1 day, deletion or termination protection removed, bucket
//! versioning suspended, a lifecycle rule that expires every object after a
//! day, a backup plan emptied or its protection disabled with its data,
//! point-in-time recovery off, snapshot retention limits of 0 or 1, a
//! persistent volume patched to be deleted with its claim.
//!
//! One model, read once per file of every language at token level (the
//! [`super::doomed::tokens`] folding: `BackupRetentionPeriod=1`,
//! `backup_retention_period = 0`, `--backup-retention-period 1`,
//! `"BackupRetentionPeriod": 1` are one key and one value): a table of
//! setting keys ([`KEYS`]) with the values that switch the safeguard off,
//! plus a few shapes whose value is structural (versioning `Suspended`, a
//! backup plan's `Rules: []`, a lifecycle `Expiration` of 0 or 1 day with no
//! prefix selecting the objects). Each statement line gives one
//! [`Tag::SafeguardOff`] step (rule SK-DEST-006), with the gate over the
//! line (date, environment, run count) when there is one; how the skill
//! declares the setting is weighed by the rule.
//!
//! Benign neighbours stay quiet by value: a retention of 7 days, protection
//! `true`, versioning `Enabled`, a lifecycle scoped by a prefix or to old
//! versions, a reclaim policy in a new volume's manifest (only a patch of an
//! existing volume counts).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// What a safeguard kind loses, and the word a document uses when it
/// declares the setting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Retention,
    Protection,
    Versioning,
    Lifecycle,
    BackupPlan,
    Pitr,
    Reclaim,
}

impl Kind {
    pub fn what(self) -> &'static str {
        match self {
            Kind::Retention => "backups or snapshots kept for a day or not at all",
            Kind::Protection => "deletion protection switched off",
            Kind::Versioning => "object versioning suspended",
            Kind::Lifecycle => "a lifecycle rule expiring every object",
            Kind::BackupPlan => "the backup plan emptied or its protection removed",
            Kind::Pitr => "point-in-time recovery switched off",
            Kind::Reclaim => "a volume set to be deleted with its claim",
        }
    }

    /// The instrument name the rule reads back ([`Kind::from_name`]).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Retention => "retention",
            Kind::Protection => "deletion-protection",
            Kind::Versioning => "versioning",
            Kind::Lifecycle => "lifecycle",
            Kind::BackupPlan => "backup-plan",
            Kind::Pitr => "point-in-time-recovery",
            Kind::Reclaim => "reclaim-policy",
        }
    }

    pub fn from_name(n: &str) -> Option<Kind> {
        [
            Kind::Retention,
            Kind::Protection,
            Kind::Versioning,
            Kind::Lifecycle,
            Kind::BackupPlan,
            Kind::Pitr,
            Kind::Reclaim,
        ]
        .into_iter()
        .find(|k| k.name() == n)
    }
}

/// Which values of a key switch its safeguard off.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Off {
    /// A count of days (or backups) of 0 or 1.
    DayOrNone,
    /// A generic retention key: 1 day only (0 means "forever" in some
    /// services' settings, Azure's diagnostic retention among them).
    OneDay,
    /// `false`, `0`, `disable(d)`, `off`, `none`.
    False,
}

/// Setting keys (folded: lower case, `_`/`-` dropped) and the values that
/// switch the safeguard off, in every CLI, SDK and template spelling.
const KEYS: &[(&str, Off, Kind)] = &[
    // AWS RDS/Aurora, DocumentDB, Neptune, Redshift, ElastiCache, AWS
    // Backup, Azure, GCP.
    ("backupretentionperiod", Off::DayOrNone, Kind::Retention),
    ("backupretentiondays", Off::DayOrNone, Kind::Retention),
    ("backupretention", Off::DayOrNone, Kind::Retention),
    (
        "automatedsnapshotretentionperiod",
        Off::DayOrNone,
        Kind::Retention,
    ),
    ("snapshotretentionlimit", Off::DayOrNone, Kind::Retention),
    ("deleteafterdays", Off::DayOrNone, Kind::Retention),
    ("retentiondays", Off::OneDay, Kind::Retention),
    ("retentionindays", Off::OneDay, Kind::Retention),
    ("retentionperiod", Off::OneDay, Kind::Retention),
    ("retainedbackups", Off::DayOrNone, Kind::Retention),
    ("retainedbackupscount", Off::DayOrNone, Kind::Retention),
    (
        "retainedtransactionlogdays",
        Off::DayOrNone,
        Kind::Retention,
    ),
    ("deleteretentiondays", Off::DayOrNone, Kind::Retention),
    (
        "containerdeleteretentiondays",
        Off::DayOrNone,
        Kind::Retention,
    ),
    ("softdeleteretentiondays", Off::DayOrNone, Kind::Retention),
    ("maxretentiondays", Off::DayOrNone, Kind::Retention),
    ("backupretentionsettings", Off::DayOrNone, Kind::Retention),
    ("pointintimeretentiondays", Off::DayOrNone, Kind::Retention),
    // Deletion, termination and soft-delete protection.
    ("deletionprotection", Off::False, Kind::Protection),
    ("deletionprotectionenabled", Off::False, Kind::Protection),
    ("enabledeletionprotection", Off::False, Kind::Protection),
    ("terminationprotection", Off::False, Kind::Protection),
    ("enableterminationprotection", Off::False, Kind::Protection),
    ("softdeletefeaturestate", Off::False, Kind::Protection),
    ("enablesoftdelete", Off::False, Kind::Protection),
    ("softdeleteenabled", Off::False, Kind::Protection),
    ("softdeletestate", Off::False, Kind::Protection),
    ("enablepurgeprotection", Off::False, Kind::Protection),
    ("enabledeleteretention", Off::False, Kind::Protection),
    (
        "enablecontainerdeleteretention",
        Off::False,
        Kind::Protection,
    ),
    // Versioning.
    ("enableversioning", Off::False, Kind::Versioning),
    ("versioningenabled", Off::False, Kind::Versioning),
    ("isversioningenabled", Off::False, Kind::Versioning),
    // Point-in-time recovery.
    ("pointintimerecoveryenabled", Off::False, Kind::Pitr),
    ("enablepointintimerecovery", Off::False, Kind::Pitr),
    ("pointintimerecovery", Off::False, Kind::Pitr),
    ("continuousbackupsenabled", Off::False, Kind::Pitr),
];

/// Flags that switch a safeguard off by themselves (`--no-deletion-protection`).
const FLAGS: &[(&str, Kind)] = &[
    ("nodeletionprotection", Kind::Protection),
    ("noenabledeletionprotection", Kind::Protection),
    ("noenableterminationprotection", Kind::Protection),
    ("noterminationprotection", Kind::Protection),
    ("noenablepointintimerecovery", Kind::Pitr),
    ("nopointintimerecovery", Kind::Pitr),
    ("noenablebinlog", Kind::Pitr),
    ("noversioning", Kind::Versioning),
    ("deletebackupplan", Kind::BackupPlan),
    ("deletebackupselection", Kind::BackupPlan),
];

/// A line worth reading: one of the settings is named on it.
static QUICK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)retention|retain|protection|versioning|lifecycle|expiration|backup.?plan|backup.?selection|point.?in.?time|binlog|reclaim|soft.?delete|delete.?after|\bage\b|backup.?data|no-backup|deleteafter",
);

/// A lifecycle rule scoped to some objects: a non-empty prefix, a tag
/// filter, old versions only.
static SCOPED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)prefix['"]?\s*[:=]\s*['"][^'"\s]+['"]|matchesprefix|prefixmatch|prefix_match|noncurrent|isLive['"]?\s*[:=]\s*false|num_?newer_?versions|numNewerVersions|tag['"]?\s*[:=]\s*\{|\bTags?\s*=\s*\{|abort_?incomplete|AbortIncomplete|days_?since_?noncurrent"#,
);

/// A backup plan's rules written empty (`"Rules":[]`, `rules = []`).
static EMPTY_RULES: crate::rx::Lazy = crate::rx::Lazy::new(r#"(?i)\brules['"]?\s*[:=]\s*\[\s*\]"#);

/// One token of the file: its folded text and byte offset.
struct Tok<'a> {
    t: String,
    at: usize,
    raw: &'a str,
}

fn is_zero_or_one_day(t: &str) -> bool {
    matches!(
        t,
        "0" | "1" | "0d" | "1d" | "p0d" | "p1d" | "1day" | "0days" | "p0w" | "pt0s"
    )
}

fn is_false(t: &str) -> bool {
    matches!(
        t,
        "false" | "0" | "disable" | "disabled" | "off" | "none" | "alwaysoff" | "no" | "$false"
    )
}

/// The tokens of the file's code lines (comments skipped), folded.
fn tokens(text: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut line_start = 0usize;
    for line in text.split('\n') {
        let t = line.trim_start();
        let comment = t.starts_with('#') && !t.starts_with("#!")
            || t.starts_with("//")
            || t.starts_with("-- ")
            || t.starts_with("/*")
            || t.starts_with("* ")
            || t.starts_with("REM ");
        if !comment {
            let b = line.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'$');
                if !word(b[i]) {
                    i += 1;
                    continue;
                }
                let s = i;
                while i < b.len() && word(b[i]) {
                    i += 1;
                }
                let raw = &line[s..i];
                let folded: String = raw
                    .chars()
                    .filter(|c| !matches!(c, '_' | '-'))
                    .collect::<String>()
                    .to_ascii_lowercase();
                if !folded.is_empty() {
                    out.push(Tok {
                        t: folded,
                        at: line_start + s,
                        raw,
                    });
                }
            }
        }
        line_start += line.len() + 1;
    }
    out
}

/// Tokens that only carry the key to its value (`--retention-days
/// value 1`, `Days: 1`), skipped when the value is looked for.
fn filler(t: &str) -> bool {
    matches!(
        t,
        "days" | "value" | "count" | "enabled" | "status" | "state" | "set"
    )
}

/// The value of the key at `i`: the next token that is not a filler, at
/// most three tokens on.
fn value_after<'t>(toks: &'t [Tok], i: usize) -> Option<&'t str> {
    toks.iter()
        .skip(i + 1)
        .take(3)
        .map(|t| t.t.as_str())
        .find(|t| !filler(t))
}

/// Whether the key at `i` sets value `v`: joined to it by nothing but
/// quotes, spaces, `=`, `:`, `,`, `>` or an opening bracket (an operator or a
/// closing bracket makes the key an operand:
/// `args[args.indexOf("--retention-days") + 1]`), and not named as a
/// getter's key with a default (`cfg.get('retention_days', 1)`). Merge of
/// round 32.
fn sets(text: &str, toks: &[Tok], i: usize, v: &str) -> bool {
    let key_end = toks[i].at + toks[i].raw.len();
    let Some(vt) = toks.iter().skip(i + 1).take(3).find(|t| t.t == v) else {
        return false;
    };
    let gap = crate::text::slice(text, key_end, vt.at.max(key_end));
    let before = crate::text::slice(text, toks[i].at.saturating_sub(16), toks[i].at);
    let before = before.trim_end_matches(['\'', '"', '`', ' ', '[']);
    !gap.chars().any(|c| "+)]|*/<?!&".contains(c))
        && !["get(", "getenv(", "fetch(", "Get(", "get_or("]
            .iter()
            .any(|g| before.ends_with(g))
}

/// Whether token `i` starts a safeguard switched off, and which.
fn hit(text: &str, toks: &[Tok], i: usize) -> Option<Kind> {
    let t = toks[i].t.as_str();
    if let Some(&(_, off, kind)) = KEYS.iter().find(|(k, _, _)| *k == t) {
        let v = value_after(toks, i)?;
        if !sets(text, toks, i, v) {
            return None;
        }
        let on = match off {
            Off::DayOrNone => is_zero_or_one_day(v),
            Off::OneDay => matches!(v, "1" | "1d" | "p1d" | "1day"),
            Off::False => is_false(v),
        };
        return on.then_some(kind);
    }
    if let Some(&(_, kind)) = FLAGS.iter().find(|(k, _)| *k == t) {
        // A flag spelled as one (`--no-deletion-protection`), or the
        // API's own name (`delete_backup_plan(`).
        return (toks[i].raw.starts_with("--") || kind == Kind::BackupPlan).then_some(kind);
    }
    let near = |lo: usize, hi: usize, w: &dyn Fn(&str) -> bool| {
        toks[i.saturating_sub(lo)..(i + hi + 1).min(toks.len())]
            .iter()
            .any(|x| w(&x.t))
    };
    let window = |lo: usize, hi: usize| {
        let a = toks[i.saturating_sub(lo)].at;
        let b = toks.get(i + hi).map_or(text.len(), |x| x.at);
        crate::text::slice(text, a, b.max(a))
    };
    match t {
        // Versioning suspended: `put-bucket-versioning … Status=Suspended`,
        // `VersioningConfiguration={'Status': 'Suspended'}`, Terraform
        // `versioning_configuration { status = "Suspended" }`, `gsutil
        // versioning set off`.
        "suspended" if near(10, 0, &|x| x.contains("versioning")) => Some(Kind::Versioning),
        "off" if i >= 2 && toks[i - 1].t == "set" && toks[i - 2].t == "versioning" => {
            Some(Kind::Versioning)
        }
        // A bare `versioning` with `0` is a score or a count, not a setting.
        "versioning"
            if value_after(toks, i)
                .is_some_and(|v| v != "0" && is_false(v) && sets(text, toks, i, v)) =>
        {
            Some(Kind::Versioning)
        }
        // A backup plan rewritten with no rules.
        "updatebackupplan" | "putbackupplan" if EMPTY_RULES.is_match(window(0, 40)) => {
            Some(Kind::BackupPlan)
        }
        // `az backup protection disable … --delete-backup-data true`.
        "deletebackupdata" if value_after(toks, i) == Some("true") => Some(Kind::BackupPlan),
        // `gcloud sql instances patch … --no-backup`.
        "nobackup" if toks[i].raw.starts_with("--") && near(12, 0, &|x| x == "patch") => {
            Some(Kind::Retention)
        }
        // A lifecycle rule expiring every object after 0 or 1 day (S3
        // `Expiration: {Days: 1}`, GCS `action Delete, condition age 0`,
        // Azure `daysAfterModificationGreaterThan: 0` with a delete).
        "expiration" | "expirationindays" | "expire" | "expiredays" => {
            let v = value_after(toks, i)?;
            (is_zero_or_one_day(v) && lifecycle(&near) && !SCOPED.is_match(window(30, 30)))
                .then_some(Kind::Lifecycle)
        }
        "age" | "daysaftermodificationgreaterthan" | "daysaftercreationgreaterthan" => {
            let v = value_after(toks, i)?;
            (is_zero_or_one_day(v)
                && near(16, 16, &|x| x == "delete")
                && lifecycle(&near)
                && !SCOPED.is_match(window(30, 30)))
            .then_some(Kind::Lifecycle)
        }
        // A persistent volume patched to be deleted with its claim.
        "persistentvolumereclaimpolicy"
            if value_after(toks, i) == Some("delete")
                && near(30, 0, &|x| {
                    x == "patch" || x.starts_with("patchpersistentvolume")
                }) =>
        {
            Some(Kind::Reclaim)
        }
        // DLM: a retain rule keeping 0 or 1 snapshot.
        "retainrule" => {
            let c = toks
                .iter()
                .skip(i + 1)
                .take(4)
                .position(|x| x.t == "count")?;
            let v = toks.get(i + 2 + c).map(|x| x.t.as_str())?;
            is_zero_or_one_day(v).then_some(Kind::Retention)
        }
        _ => None,
    }
}

/// A lifecycle configuration around the token: the word within 60 tokens
/// before it, or a rule list around it.
fn lifecycle(near: &dyn Fn(usize, usize, &dyn Fn(&str) -> bool) -> bool) -> bool {
    near(60, 0, &|x| x.contains("lifecycle")) || near(12, 12, &|x| x == "rule" || x == "rules")
}

/// Adds one step per line that switches a recovery safeguard off.
pub fn scan(src: &Src, sink: &mut Sink) {
    if src.path.to_ascii_lowercase().ends_with(".md") || sink.expired() {
        return;
    }
    let text = src.text;
    if !QUICK.is_match(text) {
        return;
    }
    let toks = tokens(text);
    let mut lines: Option<Vec<&str>> = None;
    let mut last_line = usize::MAX;
    let mut file_gate: Option<Option<Tag>> = None;
    let mut assigns: Option<super::sdk::Assigns> = None;
    // Line start and number kept as the hits move forward: counting from
    // the top per hit was quadratic (merge of round 32).
    let (mut cursor, mut line_no, mut ls) = (0usize, 0usize, 0usize);
    for i in 0..toks.len() {
        let Some(kind) = hit(text, &toks, i) else {
            continue;
        };
        let at = toks[i].at.max(cursor);
        for (k, b) in text.as_bytes()[cursor..at].iter().enumerate() {
            if *b == b'\n' {
                line_no += 1;
                ls = cursor + k + 1;
            }
        }
        cursor = at;
        if line_no == last_line {
            continue;
        }
        last_line = line_no;
        let le = text[at..].find('\n').map_or(text.len(), |n| at + n);
        let line = text[ls..le].trim();
        let mut ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, line)
            .tag(Tag::SafeguardOff)
            .instrument(kind.name())
            .object(format!("recovery safeguard off: {}", kind.what()));
        let lines = lines.get_or_insert_with(|| text.split('\n').collect());
        let assigns = assigns.get_or_insert_with(|| super::sdk::Assigns::new(text));
        let gate = super::gated::gate_over(assigns, lines, line_no)
            .or_else(|| *file_gate.get_or_insert_with(|| super::sdk::file_gate(text)));
        if let Some(g) = gate {
            ev.tags.insert(g);
            ev.object.push_str(match g {
                Tag::DateGate => ", only after a date the code checks",
                Tag::EnvGate => ", only outside a sandbox or CI the code checks",
                _ => ", only after a number of runs the code counts",
            });
        }
        if is_template(src.path) {
            ev.tags.insert(Tag::DeclaredPurpose);
        }
        sink.push(src.at(ev, ls, le, "code"));
    }
}

/// A declarative template (Terraform, CloudFormation, Kubernetes, JSON
/// settings): what the user applies and reviews, not a script that runs.
pub fn is_template(path: &str) -> bool {
    let p = path.to_ascii_lowercase();
    [
        ".tf",
        ".hcl",
        ".yaml",
        ".yml",
        ".json",
        ".template",
        ".tfvars",
    ]
    .iter()
    .any(|x| p.ends_with(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(path: &str, code: &str) -> Vec<String> {
        crate::extract::scan_text(scan, path, code)
            .into_iter()
            .map(|e| e.instrument)
            .collect()
    }

    #[test]
    fn every_spelling_of_a_safeguard_off() {
        for (p, c, k) in [
            (
                "a.sh",
                "aws rds modify-db-instance --db-instance-identifier db1 --backup-retention-period 0 --apply-immediately\n",
                "retention",
            ),
            (
                "a.py",
                "rds.modify_db_cluster(DBClusterIdentifier=c, BackupRetentionPeriod=1, DeletionProtection=False)\n",
                "retention",
            ),
            (
                "a.ts",
                "await rds.send(new ModifyDBClusterCommand({ DBClusterIdentifier: id, DeletionProtection: false }));\n",
                "deletion-protection",
            ),
            (
                "a.go",
                "aws(\"rds\", \"modify-db-cluster\", \"--no-deletion-protection\")\n",
                "deletion-protection",
            ),
            (
                "main.tf",
                "resource \"aws_s3_bucket_versioning\" \"v\" {\n  versioning_configuration {\n    status = \"Suspended\"\n  }\n}\n",
                "versioning",
            ),
            (
                "a.py",
                "s3.put_bucket_versioning(Bucket=b, VersioningConfiguration={'Status': 'Suspended'})\n",
                "versioning",
            ),
            (
                "a.sh",
                "gsutil versioning set off gs://$BUCKET\n",
                "versioning",
            ),
            (
                "a.js",
                "await s3.putBucketLifecycleConfiguration({ Bucket: b, LifecycleConfiguration: { Rules: [{ Status: 'Enabled', Filter: {}, Expiration: { Days: 1 } }] } });\n",
                "lifecycle",
            ),
            (
                "a.sh",
                "aws backup update-backup-plan --backup-plan-id $ID --backup-plan '{\"BackupPlanName\":\"x\",\"Rules\":[]}'\n",
                "backup-plan",
            ),
            (
                "a.sh",
                "az backup protection disable --container-name c --item-name i --delete-backup-data true --yes\n",
                "backup-plan",
            ),
            (
                "a.py",
                "ddb.update_continuous_backups(TableName=t, PointInTimeRecoverySpecification={'PointInTimeRecoveryEnabled': False})\n",
                "point-in-time-recovery",
            ),
            (
                "a.sh",
                "kubectl patch pv $pv -p '{\"spec\":{\"persistentVolumeReclaimPolicy\":\"Delete\"}}'\n",
                "reclaim-policy",
            ),
            (
                "a.rb",
                "rds.modify_db_instance(db_instance_identifier: id, backup_retention_period: 0)\n",
                "retention",
            ),
            (
                "a.ps1",
                "Edit-RDSDBInstance -DBInstanceIdentifier $id -BackupRetentionPeriod 0 -ApplyImmediately $true\n",
                "retention",
            ),
            (
                "t.yaml",
                "Resources:\n  Db:\n    Type: AWS::RDS::DBCluster\n    Properties:\n      DeletionProtection: false\n",
                "deletion-protection",
            ),
            (
                "a.sh",
                "az storage account blob-service-properties update -n acct --enable-delete-retention false\n",
                "deletion-protection",
            ),
        ] {
            assert_eq!(kinds(p, c).first().map(String::as_str), Some(k), "{p}: {c}");
        }
    }

    #[test]
    fn safeguards_kept_or_scoped_are_quiet() {
        for (p, c) in [
            (
                "a.sh",
                "aws rds modify-db-instance --db-instance-identifier db1 --backup-retention-period 7\n",
            ),
            (
                "a.py",
                "rds.modify_db_cluster(DBClusterIdentifier=c, DeletionProtection=True)\n",
            ),
            (
                "a.py",
                "s3.put_bucket_versioning(Bucket=b, VersioningConfiguration={'Status': 'Enabled'})\n",
            ),
            (
                "a.js",
                "Rules: [{ Status: 'Enabled', Filter: { Prefix: 'tmp/' }, Expiration: { Days: 1 } }]\n",
            ),
            (
                "a.js",
                "Rules: [{ Status: 'Enabled', NoncurrentVersionExpiration: { NoncurrentDays: 1 } }]\n",
            ),
            (
                "pv.yaml",
                "kind: PersistentVolume\nspec:\n  persistentVolumeReclaimPolicy: Delete\n",
            ),
            (
                "a.sh",
                "# aws rds modify-db-instance --backup-retention-period 0\n",
            ),
            (
                "a.sh",
                "aws backup update-backup-plan --backup-plan-id $ID --backup-plan file://plan.json\n",
            ),
        ] {
            assert!(kinds(p, c).is_empty(), "{p}: {c}");
        }
    }
}
