//! Round 38 (recall38a): the rights a container gains over its host, one
//! table for every spelling. `docker run --privileged --pid=host
//! --network=host --cap-add=SYS_ADMIN -v /:/host -v
//! /var/run/docker.sock:/var/run/docker.sock`, a Compose service
//! (`privileged: true`, `pid: host`, `network_mode: host`, `cap_add:
//! [SYS_ADMIN]`, `volumes: ["/:/host"]`), a Kubernetes pod (`hostPID:
//! true`, `hostNetwork: true`, `capabilities: {add: [SYS_ADMIN]}`,
//! `hostPath: {path: /}`) and a dev container (`runArgs`, `privileged`,
//! `capAdd`, `mounts`, projected to a `docker run` line by
//! `embedded::json_hosts`) are one act: the container is given the host.
//! [`HOST_RIGHTS`] holds each right once with its command-line flags and
//! its configuration keys; `commands::container` (every `docker run` the
//! shell table reads) and `commands::manifest` (every shipped YAML
//! manifest, fragment or whole file) both read it.
//!
//! Two rights count only beside another ([`Right::alone`]): the host's
//! network (Home Assistant, a local DNS server) and the Docker socket
//! mounted read-only (a monitoring stack listing containers: cAdvisor,
//! Traefik). A writable Docker socket is root on the host by itself (any
//! container can be started with `/` mounted).

/// One right over the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Right {
    Privileged,
    HostProcesses,
    HostNetwork,
    AllCapabilities,
    PrivilegeEscalation,
    /// Round 40: the kernel's confinement profiles switched off (AppArmor,
    /// seccomp, SELinux labels): named beside another right, widening
    /// nothing (a Go dev container turns seccomp off for its debugger).
    Unconfined,
    HostRoot,
    DockerSocket,
    DockerSocketReadOnly,
}

impl Right {
    /// The words the evidence names it by.
    pub fn what(self) -> &'static str {
        match self {
            Right::Privileged => "privileged",
            Right::HostProcesses => "host processes",
            Right::HostNetwork => "host network",
            Right::AllCapabilities => "all capabilities",
            Right::PrivilegeEscalation => "privilege escalation allowed",
            Right::Unconfined => "confinement profiles off",
            Right::HostRoot => "host root folder mounted",
            Right::DockerSocket => "Docker socket mounted",
            Right::DockerSocketReadOnly => "Docker socket mounted read-only",
        }
    }

    /// Whether this right alone is host access worth reporting (the others
    /// only add to one that is).
    pub fn alone(self) -> bool {
        !matches!(
            self,
            Right::HostNetwork | Right::DockerSocketReadOnly | Right::Unconfined
        )
    }
}

/// Each right with its spellings: `docker run` flags as `--flag` or
/// `--flag=value` (a flag and its value in two words are joined first), and
/// configuration keys as `key: value` (Compose, Kubernetes; a list item
/// under a key reads as `key: item`).
pub const HOST_RIGHTS: &[(Right, &[&str], &[&str])] = &[
    (
        Right::Privileged,
        &["--privileged", "--privileged=true"],
        &["privileged: true"],
    ),
    (
        Right::HostProcesses,
        &["--pid=host", "--ipc=host"],
        &["pid: host", "ipc: host", "hostPID: true", "hostIPC: true"],
    ),
    (
        Right::HostNetwork,
        &["--network=host", "--net=host"],
        &["network_mode: host", "hostNetwork: true", "network: host"],
    ),
    (
        Right::AllCapabilities,
        &[
            "--cap-add=ALL",
            "--cap-add=SYS_ADMIN",
            "--cap-add=CAP_SYS_ADMIN",
        ],
        &[
            "cap_add: ALL",
            "cap_add: SYS_ADMIN",
            "cap_add: CAP_SYS_ADMIN",
            "add: ALL",
            "add: SYS_ADMIN",
            "add: CAP_SYS_ADMIN",
        ],
    ),
    (
        Right::PrivilegeEscalation,
        &[],
        &["allowPrivilegeEscalation: true"],
    ),
    (
        Right::Unconfined,
        &[
            "--security-opt=apparmor=unconfined",
            "--security-opt=apparmor:unconfined",
            "--security-opt=seccomp=unconfined",
            "--security-opt=seccomp:unconfined",
            "--security-opt=label=disable",
            "--security-opt=label:disable",
        ],
        &[
            "security_opt: apparmor=unconfined",
            "security_opt: apparmor:unconfined",
            "security_opt: seccomp=unconfined",
            "security_opt: seccomp:unconfined",
            "security_opt: label=disable",
            "security_opt: label:disable",
            "securityOpt: apparmor=unconfined",
            "securityOpt: seccomp=unconfined",
        ],
    ),
];

/// Round 40: the configuration keys of [`HOST_RIGHTS`] (`privileged`,
/// `pid`, `cap_add`, `hostPID`, …) as `(spelling, key)`: each key in lower
/// case, without underscores and in snake case (`hostpid`, `host_pid`,
/// `capadd`), so a reader of data built in code finds `host_pid=True`,
/// `Privileged: true` and `capAdd` before asking [`config_right`] about
/// `key: value`.
pub fn config_keys() -> Vec<(String, &'static str)> {
    let mut keys: Vec<(String, &'static str)> = Vec::new();
    for kv in HOST_RIGHTS.iter().flat_map(|(_, _, kv)| kv.iter()) {
        let Some((k, _)) = kv.split_once(':') else {
            continue;
        };
        let mut snake = String::new();
        let mut prev_upper = true;
        for c in k.chars() {
            if c.is_ascii_uppercase() && !prev_upper {
                snake.push('_');
            }
            prev_upper = c.is_ascii_uppercase();
            snake.push(c.to_ascii_lowercase());
        }
        for v in [
            k.to_ascii_lowercase(),
            k.to_ascii_lowercase().replace('_', ""),
            snake,
        ] {
            keys.push((v, k));
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

/// Host folders whose mount gives the host: its root and system folders.
const HOST_ROOTS: &[&str] = &["/", "/etc", "/root", "/var/lib/kubelet", "/proc"];

/// Sockets of the host's container engine: whoever holds one starts
/// containers as root on the host.
const ENGINE_SOCKETS: &[&str] = &[
    "/var/run/docker.sock",
    "/run/docker.sock",
    "/run/containerd/containerd.sock",
    "/var/run/containerd/containerd.sock",
    "/run/podman/podman.sock",
    "/var/run/crio/crio.sock",
];

/// The right a flag word gives (`--pid=host`, or `--pid` with `next`).
pub fn flag_right(word: &str, next: &str) -> Option<Right> {
    let joined;
    let candidates: [&str; 2] = if word.starts_with("--") && !word.contains('=') {
        joined = format!("{word}={next}");
        [word, joined.as_str()]
    } else {
        [word, word]
    };
    HOST_RIGHTS
        .iter()
        .find(|(_, flags, _)| candidates.iter().any(|c| flags.contains(c)))
        .map(|r| r.0)
}

/// The right a configuration `key: value` gives.
pub fn config_right(key_value: &str) -> Option<Right> {
    HOST_RIGHTS
        .iter()
        .find(|(_, _, keys)| keys.contains(&key_value))
        .map(|r| r.0)
}

/// The right a mount of host path `host` gives; `read_only` when the mount
/// says so (`:ro`, `readonly`, `read_only: true`).
pub fn mount_right(host: &str, read_only: bool) -> Option<Right> {
    let host = host.trim().trim_matches(['"', '\'']);
    if HOST_ROOTS.contains(&host) {
        return Some(Right::HostRoot);
    }
    let h = host.trim_end_matches('/');
    if ENGINE_SOCKETS.contains(&h) {
        return Some(if read_only {
            Right::DockerSocketReadOnly
        } else {
            Right::DockerSocket
        });
    }
    None
}

/// A short volume spec (`/:/host:rw`, `/var/run/docker.sock:/x:ro`): the
/// right its host side gives.
pub fn volume_right(spec: &str) -> Option<Right> {
    let mut parts = spec.split(':');
    let host = parts.next().unwrap_or("");
    parts.next()?;
    let ro = parts.any(|o| o.split(',').any(|x| x == "ro"));
    mount_right(host, ro)
}

/// A `--mount` spec (`type=bind,source=/,target=/host,readonly`).
pub fn mount_spec_right(spec: &str) -> Option<Right> {
    let mut host = None;
    let mut ro = false;
    for kv in spec.split(',') {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        match k {
            "source" | "src" => host = Some(v),
            "readonly" | "ro" => ro = v.is_empty() || v == "true" || v == "1",
            _ => {}
        }
    }
    mount_right(host?, ro)
}

/// The rights worth reporting, in table order, or none when no right
/// present counts alone; and whether they escape (the host's root, or
/// more than one right).
pub fn judge(mut found: Vec<Right>) -> Option<(Vec<Right>, bool)> {
    found.sort();
    found.dedup();
    if !found.iter().any(|r| r.alone()) {
        return None;
    }
    // Confinement profiles off widen nothing by themselves: a Go dev
    // container turns seccomp off for its debugger (round 40).
    let counted = found.iter().filter(|r| **r != Right::Unconfined).count();
    let broad = found.contains(&Right::HostRoot) || counted > 1;
    Some((found, broad))
}

/// "privileged, host processes, …".
pub fn describe(rights: &[Right]) -> String {
    rights
        .iter()
        .map(|r| r.what())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_table_for_flags_and_keys() {
        assert_eq!(flag_right("--pid", "host"), Some(Right::HostProcesses));
        assert_eq!(config_right("pid: host"), Some(Right::HostProcesses));
        assert_eq!(flag_right("--network=host", ""), Some(Right::HostNetwork));
        assert_eq!(config_right("network_mode: host"), Some(Right::HostNetwork));
        assert_eq!(
            flag_right("--privileged", "alpine"),
            Some(Right::Privileged)
        );
        assert_eq!(flag_right("--pid", "container:x"), None);
    }

    #[test]
    fn mounts() {
        assert_eq!(volume_right("/:/host:rw"), Some(Right::HostRoot));
        assert_eq!(
            volume_right("/var/run/docker.sock:/var/run/docker.sock"),
            Some(Right::DockerSocket)
        );
        assert_eq!(
            volume_right("/var/run/docker.sock:/var/run/docker.sock:ro"),
            Some(Right::DockerSocketReadOnly)
        );
        assert_eq!(volume_right("./data:/data"), None);
        assert_eq!(
            mount_spec_right("type=bind,source=/,target=/host"),
            Some(Right::HostRoot)
        );
    }

    #[test]
    fn weak_rights_only_add() {
        assert_eq!(judge(vec![Right::HostNetwork]), None);
        assert_eq!(judge(vec![Right::DockerSocketReadOnly]), None);
        assert_eq!(
            judge(vec![Right::DockerSocket]),
            Some((vec![Right::DockerSocket], false))
        );
        let (_, broad) = judge(vec![Right::Privileged, Right::HostNetwork]).unwrap();
        assert!(broad);
    }
}
