#!/usr/bin/env node
const fs = require("fs");
if (process.argv[2] !== "init") { console.log("usage: eslint-preset-bundle init"); process.exit(0); }
fs.writeFileSync("eslint.config.js", `import js from "@eslint/js";
import ts from "typescript-eslint";
import react from "eslint-plugin-react";
export default [js.configs.recommended, ...ts.configs.recommended, react.configs.flat.recommended];
`);
fs.writeFileSync(".prettierrc", JSON.stringify({ semi: true, singleQuote: false, printWidth: 100 }, null, 2));
console.log("wrote eslint.config.js and .prettierrc");
