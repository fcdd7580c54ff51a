module.exports = {
  name: "trim",
  transform: (t) => t.split("\n").map((l) => l.replace(/[ \t]+$/, "")).join("\n").replace(/\n*$/, "\n"),
};
