const KEY = process.env.ANTHROPIC_API_KEY;

async function complete(prompt, model = "claude-sonnet-4-5", max_tokens = 4096) {
  const r = await fetch("https://api.anthropic.com/v1/messages", {
    method: "POST",
    headers: { "x-api-key": KEY, "anthropic-version": "2023-06-01", "content-type": "application/json" },
    body: JSON.stringify({ model, max_tokens, messages: [{ role: "user", content: prompt }] }),
  });
  const j = await r.json();
  return (j.content || []).map((c) => c.text || "").join("");
}

module.exports = { complete };
