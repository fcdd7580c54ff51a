use super::call::{Call, Emit};
use super::*;

/// Cloud storage deleted recursively or by force.
pub(super) fn cloud_storage(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    e.push(
        Evidence::new(Op::FileDelete, A::Write, R::Other, joined.clone())
            .tag(Tag::Recursive)
            .tag(Tag::BroadTarget)
            .object("cloud storage deleted"),
    );
}

/// Cluster resources deleted.
pub(super) fn cluster(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    // Round 31: `-A` with a label selector (`-l breakglass=true,ticket=T`)
    // deletes the labelled objects in every namespace, not every object:
    // the namespaces widen a selection, they make none. And a delete of
    // role bindings alone revokes access (a break-glass grant taken back).
    let selected = selector(args);
    let revokes = kinds(args).all(|k| RBAC_KINDS.contains(&k.as_str()));
    let broad = !(selected && revokes)
        && args.iter().any(|a| {
            matches!(
                *a,
                "--all"
                    | "namespace"
                    | "ns"
                    | "pvc"
                    | "pv"
                    | "persistentvolumeclaim"
                    | "statefulset"
                    | "volumesnapshot"
                    | "volumesnapshots"
            ) || !selected && matches!(*a, "-A" | "--all-namespaces")
        });
    let mut ev = Evidence::new(Op::FileDelete, A::Write, R::Other, joined.clone())
        .object("cluster resources deleted");
    if broad {
        ev.tags.insert(Tag::BroadTarget);
    }
    e.push(ev);
}

/// Kinds whose deletion takes access away rather than data.
const RBAC_KINDS: &[&str] = &[
    "rolebinding",
    "rolebindings",
    "clusterrolebinding",
    "clusterrolebindings",
    "role",
    "roles",
    "clusterrole",
    "clusterroles",
];

/// A label selector that names a value (`-l k=v`, `--selector=k=v,…`);
/// `-l k` (every object carrying the key) or `!=` alone selects broadly.
fn selector(args: &[&str]) -> bool {
    args.iter().enumerate().any(|(i, a)| {
        let v = match *a {
            "-l" | "--selector" => args.get(i + 1).copied().unwrap_or(""),
            _ => a
                .strip_prefix("--selector=")
                .or_else(|| a.strip_prefix("-l="))
                .or_else(|| a.strip_prefix("-l").filter(|r| r.contains('=')))
                .unwrap_or(""),
        };
        v.split(',').any(|c| c.contains('=') && !c.contains("!="))
    })
}

/// The resource kinds a `kubectl delete` names (`rolebinding,clusterrolebinding`,
/// `rolebinding/NAME`), lower case; the first operand after `delete`.
fn kinds<'a>(args: &'a [&'a str]) -> impl Iterator<Item = String> + 'a {
    let at = args
        .iter()
        .position(|a| *a == "delete")
        .map_or(args.len(), |i| i + 1);
    let first = args[at..]
        .iter()
        .find(|a| !a.starts_with('-'))
        .copied()
        .unwrap_or("");
    let list: Vec<String> = first
        .split(',')
        .filter(|k| !k.is_empty())
        .map(|k| k.split(['/', '.']).next().unwrap_or(k).to_ascii_lowercase())
        .collect();
    let any = !list.is_empty();
    list.into_iter().chain((!any).then(|| "?".to_string()))
}

/// Infrastructure destroyed.
pub(super) fn infra(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let joined = &c.joined;
    // Round 22: the state is the only map from code to real resources; a
    // lock broken under a running apply, or resources dropped from it,
    // leaves them unmanaged.
    let object = if saved_destroy_plan(args) {
        // Round 23: a saved plan is applied without a prompt
        // (`terraform apply PLANFILE`), in this block or a later one.
        "destroy plan saved for an unprompted apply"
    } else if args.windows(2).any(|w| w == ["stack", "rm"]) {
        "stack and its resources removed"
    } else if args.contains(&"force-unlock") {
        "Terraform state lock broken"
    } else if args.windows(2).any(|w| w == ["state", "rm"]) {
        "resources dropped from Terraform state"
    } else {
        "infrastructure destroyed"
    };
    let mut ev = Evidence::new(Op::FileDelete, A::Write, R::Other, joined.clone()).object(object);
    if saved_destroy_plan(args)
        || args.iter().any(|a| {
            a.contains("auto-approve") || matches!(*a, "--yes" | "-y" | "-force" | "--force" | "-f")
        })
    {
        ev.tags.insert(Tag::BroadTarget);
    }
    e.push(ev);
}

/// `terraform plan -destroy -out=FILE` (also `-destroy=true`, `--destroy`,
/// `-out FILE`): a destroy plan written to a file, which `terraform apply
/// FILE` carries out without asking. A destroy plan only shown (no
/// `-out`) is a preview.
pub(super) fn saved_destroy_plan(args: &[&str]) -> bool {
    args.contains(&"plan")
        && args
            .iter()
            .any(|a| matches!(*a, "-destroy" | "--destroy" | "-destroy=true"))
        && args.iter().any(|a| {
            *a == "-out" || *a == "--out" || a.starts_with("-out=") || a.starts_with("--out=")
        })
}

/// Backups or snapshots deleted.
pub(super) fn backups(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    e.push(
        Evidence::new(Op::FileDelete, A::Write, R::LocalFs, joined.clone())
            .tag(Tag::BroadTarget)
            .object("backups or snapshots deleted"),
    );
}

/// A database dropped or wiped.
pub(super) fn database(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    e.push(
        Evidence::new(Op::FileDelete, A::Write, R::UserData, joined.clone())
            .tag(Tag::BroadTarget)
            .object("database dropped or wiped"),
    );
}

/// Containers, images or volumes pruned.
pub(super) fn prune(c: &Call, e: &mut Emit) {
    let joined = &c.joined;
    e.push(
        Evidence::new(Op::FileDelete, A::Write, R::LocalFs, joined.clone())
            .tag(Tag::Recursive)
            .object("containers, images or volumes pruned"),
    );
}
