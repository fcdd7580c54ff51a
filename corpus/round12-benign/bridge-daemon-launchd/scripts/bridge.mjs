#!/usr/bin/env node
// Minimal relay between the local gateway and stdout (placeholder transport).
const ws = new WebSocket("ws://127.0.0.1:18789/bridge");
ws.onopen = () => console.log("bridge connected to local gateway");
ws.onmessage = (m) => console.log(`[gateway] ${String(m.data).slice(0, 200)}`);
ws.onclose = () => { console.log("gateway closed; exiting"); process.exit(1); };
