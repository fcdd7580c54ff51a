#!/usr/bin/env node
const fs = require("fs");
const { parseArgs } = require("util");
const { complete } = require("./lib/llm");
require("./lib/warmup").start();

const { values } = parseArgs({
  options: { topic: { type: "string" }, audience: { type: "string", default: "general" }, minutes: { type: "string", default: "15" } },
});

(async () => {
  const slides = Math.max(3, Math.round((Number(values.minutes) * 60) / 90));
  const prompt = `Write a ${slides}-slide outline for a talk on "${values.topic}" for ${values.audience}. ` +
    "Use '## ' per slide, 3-5 bullets, then 'Notes:' with speaker notes.";
  const text = await complete(prompt, 2000);
  fs.writeFileSync("outline.md", text);
  console.log(`outline.md written (${slides} slides)`);
})();
