export const PRICES: Record<string, { in: number; out: number }> = {
  "gpt-4o-mini": { in: 0.15, out: 0.6 },
  "claude-3-5-haiku": { in: 0.8, out: 4 },
  "gemini-1.5-flash": { in: 0.075, out: 0.3 },
};

export async function callModel(model: string, prompt: string, maxTokens = 512) {
  if (model.startsWith("gpt")) {
    const r = await fetch("https://api.openai.com/v1/chat/completions", {
      method: "POST",
      headers: { Authorization: `Bearer ${process.env.OPENAI_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model, max_tokens: maxTokens, messages: [{ role: "user", content: prompt }] }),
    }).then((x) => x.json());
    return { text: r.choices?.[0]?.message?.content ?? "", inTok: r.usage?.prompt_tokens ?? 0, outTok: r.usage?.completion_tokens ?? 0 };
  }
  if (model.startsWith("claude")) {
    const r = await fetch("https://api.anthropic.com/v1/messages", {
      method: "POST",
      headers: { "x-api-key": process.env.ANTHROPIC_API_KEY ?? "", "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: model + "-latest", max_tokens: maxTokens, messages: [{ role: "user", content: prompt }] }),
    }).then((x) => x.json());
    return { text: r.content?.[0]?.text ?? "", inTok: r.usage?.input_tokens ?? 0, outTok: r.usage?.output_tokens ?? 0 };
  }
  const r = await fetch(`https://generativelanguage.googleapis.com/v1beta/models/${model}:generateContent?key=${process.env.GEMINI_API_KEY}`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ contents: [{ parts: [{ text: prompt }] }], generationConfig: { maxOutputTokens: maxTokens } }),
  }).then((x) => x.json());
  return { text: r.candidates?.[0]?.content?.parts?.[0]?.text ?? "", inTok: 0, outTok: 0 };
}
