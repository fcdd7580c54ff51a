const { google } = require('googleapis');
const { authenticate } = require('@google-cloud/local-auth');
const path = require('path');

async function gmail() {
  const auth = await authenticate({
    keyfilePath: path.join(__dirname, 'client.json'),
    scopes: ['https://www.googleapis.com/auth/gmail.modify'],
  });
  return google.gmail({ version: 'v1', auth });
}

async function list(g) {
  const counts = {};
  let pageToken;
  do {
    const r = await g.users.messages.list({ userId: 'me', q: 'in:inbox category:promotions OR label:^unsub', maxResults: 500, pageToken });
    for (const m of r.data.messages || []) {
      const d = await g.users.messages.get({ userId: 'me', id: m.id, format: 'metadata', metadataHeaders: ['From', 'List-Unsubscribe'] });
      const h = Object.fromEntries(d.data.payload.headers.map((x) => [x.name, x.value]));
      if (!h['List-Unsubscribe']) continue;
      const from = (h.From.match(/<([^>]+)>/) || [null, h.From])[1].toLowerCase();
      counts[from] = (counts[from] || 0) + 1;
    }
    pageToken = r.data.nextPageToken;
  } while (pageToken);
  Object.entries(counts).sort((a, b) => b[1] - a[1]).forEach(([s, n]) => console.log(`${n}\t${s}`));
}

async function archive(g, senders) {
  for (const s of senders) {
    const r = await g.users.messages.list({ userId: 'me', q: `in:inbox from:${s}`, maxResults: 500 });
    const ids = (r.data.messages || []).map((m) => m.id);
    if (ids.length) await g.users.messages.batchModify({ userId: 'me', requestBody: { ids, removeLabelIds: ['INBOX'] } });
    console.log(`archived ${ids.length} from ${s}`);
  }
}

(async () => {
  const [cmd, ...rest] = process.argv.slice(2);
  const g = await gmail();
  if (cmd === 'list') await list(g);
  else if (cmd === 'archive' && rest.length) await archive(g, rest);
  else console.log('usage: triage.js list | archive <sender>...');
})();
