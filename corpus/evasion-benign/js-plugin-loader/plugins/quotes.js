// Typographic quotes outside fenced code blocks and inline code.
module.exports = {
  name: "quotes",
  transform(t) {
    let inFence = false;
    return t.split("\n").map((line) => {
      if (line.startsWith("```")) { inFence = !inFence; return line; }
      if (inFence) return line;
      return line.split(/(`[^`]*`)/).map((part) => part.startsWith("`") ? part :
        part.replace(/(^|[\s(\[])"/g, "$1\u201c").replace(/"/g, "\u201d")
            .replace(/(^|[\s(\[])'/g, "$1\u2018").replace(/'/g, "\u2019")).join("");
    }).join("\n");
  },
};
