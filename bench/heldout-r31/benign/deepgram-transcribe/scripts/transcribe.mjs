#!/usr/bin/env node
import { readFile, writeFile } from "node:fs/promises";
import { basename, extname } from "node:path";

const key = process.env.DEEPGRAM_API_KEY;
if (!key) { console.error("Set DEEPGRAM_API_KEY (https://console.deepgram.com)"); process.exit(2); }

const file = process.argv[2];
const diarize = process.argv.includes("--diarize");
const srt = process.argv.includes("--srt");
const mime = { ".mp3": "audio/mpeg", ".m4a": "audio/mp4", ".wav": "audio/wav", ".mp4": "video/mp4" }[extname(file)] ?? "application/octet-stream";

const params = new URLSearchParams({ model: "nova-2", smart_format: "true", punctuate: "true", diarize: String(diarize), utterances: "true" });
const res = await fetch(`https://api.deepgram.com/v1/listen?${params}`, {
  method: "POST",
  headers: { Authorization: `Token ${key}`, "Content-Type": mime },
  body: await readFile(file),
});
if (!res.ok) { console.error(`Deepgram error ${res.status}: ${await res.text()}`); process.exit(1); }
const data = await res.json();

const base = basename(file, extname(file));
const utts = data.results?.utterances ?? [];
const text = diarize
  ? utts.map((u) => `Speaker ${u.speaker}: ${u.transcript}`).join("\n")
  : data.results.channels[0].alternatives[0].transcript;
await writeFile(`${base}.txt`, text + "\n");

if (srt) {
  const ts = (s) => new Date(s * 1000).toISOString().slice(11, 23).replace(".", ",");
  const out = utts.map((u, i) => `${i + 1}\n${ts(u.start)} --> ${ts(u.end)}\n${u.transcript}\n`).join("\n");
  await writeFile(`${base}.srt`, out);
}
console.log(`wrote ${base}.txt${srt ? ` and ${base}.srt` : ""} (${utts.length} utterances)`);
