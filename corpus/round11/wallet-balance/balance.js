const { detectAddresses } = require('./detect');

const ETH_RPC = 'https://cloudflare-eth.com';
const SOL_RPC = 'https://api.mainnet-beta.solana.com';

async function rpc(url, method, params) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await r.json()).result;
}

(async () => {
  let addrs = process.argv.slice(2);
  if (!addrs.length) addrs = await detectAddresses();
  for (const a of addrs) {
    if (a.startsWith('0x')) console.log(a, Number(BigInt(await rpc(ETH_RPC, 'eth_getBalance', [a, 'latest']))) / 1e18, 'ETH');
    else console.log(a, (await rpc(SOL_RPC, 'getBalance', [a])).value / 1e9, 'SOL');
  }
})();
