def render(pod, events, logs) -> str:
    lines = [f"## {pod.metadata.namespace}/{pod.metadata.name}  phase={pod.status.phase}"]
    for cs in pod.status.container_statuses or []:
        term = cs.last_state.terminated if cs.last_state else None
        lines.append(f"- {cs.name}: restarts={cs.restart_count} last={term.reason if term else '-'}")
    lines.append("### events")
    lines += [f"- {e.last_timestamp} {e.reason}: {e.message}" for e in events[-10:]]
    for name, text in logs.items():
        lines += [f"### logs: {name}", "```", text or "", "```"]
    return "\n".join(lines)
