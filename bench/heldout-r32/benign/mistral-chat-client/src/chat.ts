import { readFileSync } from "node:fs";

const API = "https://api.mistral.ai/v1/chat/completions";
const key = process.env.MISTRAL_API_KEY;
if (!key) {
  console.error("MISTRAL_API_KEY is not set (https://console.mistral.ai/api-keys)");
  process.exit(1);
}

const argv = process.argv.slice(2);
const take = (flag: string) => { const i = argv.indexOf(flag); if (i < 0) return undefined; const v = argv[i + 1]; argv.splice(i, 2); return v; };
const model = take("--model") ?? "mistral-large-latest";
const file = take("--file");
let prompt = argv.join(" ");
if (file) prompt += "\n\n```\n" + readFileSync(file, "utf8") + "\n```";

const res = await fetch(API, {
  method: "POST",
  headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
  body: JSON.stringify({ model, stream: true, messages: [{ role: "user", content: prompt }] }),
});
if (!res.ok || !res.body) {
  console.error(`Mistral API error ${res.status}: ${await res.text()}`);
  process.exit(1);
}
const dec = new TextDecoder();
let buf = "";
for await (const chunk of res.body as any) {
  buf += dec.decode(chunk, { stream: true });
  const lines = buf.split("\n");
  buf = lines.pop() ?? "";
  for (const l of lines) {
    if (!l.startsWith("data: ") || l === "data: [DONE]") continue;
    const delta = JSON.parse(l.slice(6)).choices?.[0]?.delta?.content;
    if (delta) process.stdout.write(delta);
  }
}
process.stdout.write("\n");
