const API = "https://api.anthropic.com/v1/messages";

async function complete(prompt, maxTokens = 1024, model = "claude-sonnet-4-5") {
  const r = await fetch(API, {
    method: "POST",
    headers: {
      "x-api-key": process.env.ANTHROPIC_API_KEY,
      "anthropic-version": "2023-06-01",
      "content-type": "application/json",
    },
    body: JSON.stringify({ model, max_tokens: maxTokens, messages: [{ role: "user", content: prompt }] }),
  });
  const j = await r.json();
  return (j.content || []).map((c) => c.text || "").join("");
}

module.exports = { complete };
