#!/usr/bin/env node
const fs = require('fs');
const args = process.argv.slice(2);
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const watchIdx = args.indexOf('--watch-on-open');
const watch = watchIdx >= 0 ? args[watchIdx + 1] : null;

const tasks = Object.keys(pkg.scripts || {}).map((s) => {
  const t = { label: `npm: ${s}`, type: 'npm', script: s, problemMatcher: [] };
  if (s === 'build') t.group = { kind: 'build', isDefault: true };
  if (s === 'test') t.group = { kind: 'test', isDefault: true };
  if (s === watch) {
    t.isBackground = true;
    t.runOptions = { runOn: 'folderOpen' };
    t.presentation = { reveal: 'always', panel: 'dedicated' };
  }
  return t;
});
const out = JSON.stringify({ version: '2.0.0', tasks }, null, 2);
if (args.includes('--write')) {
  fs.mkdirSync('.vscode', { recursive: true });
  fs.writeFileSync('.vscode/tasks.json', out + '\n');
  console.log('wrote .vscode/tasks.json');
} else {
  console.log(out);
}
