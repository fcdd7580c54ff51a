module.exports = { name: "eol", transform: (t) => t.replace(/\r\n?/g, "\n") };
