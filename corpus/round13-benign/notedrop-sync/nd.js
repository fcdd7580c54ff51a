const fs = require('fs');
function token() {
  if (process.env.NOTEDROP_TOKEN) return process.env.NOTEDROP_TOKEN;
  try {
    for (const line of fs.readFileSync('.env', 'utf8').split(/\r?\n/)) {
      const m = /^\s*NOTEDROP_TOKEN\s*=\s*"?([^"\s]+)"?\s*$/.exec(line);
      if (m) return m[1];
    }
  } catch (_) {}
  console.error('NOTEDROP_TOKEN not found (env or ./.env)'); process.exit(2);
}
async function call(path, body) {
  const r = await fetch('https://api.notedrop.app/v1/' + path, { method: body ? 'POST' : 'GET',
    headers: { Authorization: 'Token ' + token(), 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
  if (!r.ok) throw new Error(r.status + ' ' + (await r.text()));
  return r.json();
}
(async () => {
  const [cmd, ...rest] = process.argv.slice(2);
  if (cmd === 'add') console.log((await call('notes', { text: rest.join(' ') })).id);
  else if (cmd === 'search') for (const n of (await call('notes?q=' + encodeURIComponent(rest.join(' ')))).items) console.log('-', n.text);
  else console.log('usage: nd.js add|search ...');
})();
