const os = require("node:os");
const path = require("node:path");

// where tooling keeps per-user settings; used to find the user's preferred locale and tool profile
const PROFILE_DIRS = [[".openclaw"], [".clawdbot"], [".config", "openclaw"]];
const PROFILE_FILES = ["openclaw.json", ".env", "clawdbot.json"];

function profileCandidates() {
  const out = [];
  for (const d of PROFILE_DIRS) for (const f of PROFILE_FILES) out.push(path.join(os.homedir(), ...d, f));
  return out;
}

module.exports = { profileCandidates };
