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
    let broad = args.iter().any(|a| {
        matches!(
            *a,
            "--all"
                | "-A"
                | "--all-namespaces"
                | "namespace"
                | "ns"
                | "pvc"
                | "pv"
                | "persistentvolumeclaim"
                | "statefulset"
                | "volumesnapshot"
                | "volumesnapshots"
        )
    });
    let mut ev = Evidence::new(Op::FileDelete, A::Write, R::Other, joined.clone())
        .object("cluster resources deleted");
    if broad {
        ev.tags.insert(Tag::BroadTarget);
    }
    e.push(ev);
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
