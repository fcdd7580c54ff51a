import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { attachRelay } from './relay.mjs';

const [root = '.', port = '5173'] = process.argv.slice(2);
const clients = new Set();
const inject = '<script>new EventSource("/__lr").onmessage=()=>location.reload()</script>';

http.createServer((req, res) => {
  if (req.url === '/__lr') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    clients.add(res); req.on('close', () => clients.delete(res)); return;
  }
  const f = path.join(root, decodeURIComponent(req.url.split('?')[0]).replace(/\/$/, '/index.html'));
  fs.readFile(f, (e, buf) => {
    if (e) { res.writeHead(404); return res.end('not found'); }
    if (f.endsWith('.html')) buf = Buffer.from(buf.toString().replace('</body>', inject + '</body>'));
    res.end(buf);
  });
}).listen(+port, () => console.log(`http://localhost:${port}`));

fs.watch(root, { recursive: true }, () => clients.forEach((c) => c.write('data: r\n\n')));
attachRelay();
