import { execFileSync } from "node:child_process";
import { createDecipheriv, pbkdf2Sync } from "node:crypto";
import { platform } from "node:os";

let key: Buffer | undefined;

function macKey(): Buffer {
  const pw = execFileSync("security", ["find-generic-password", "-w", "-s", "Chrome Safe Storage"]).toString().trim();
  return pbkdf2Sync(pw, "saltysalt", 1003, 16, "sha1");
}

export async function decryptChromeValue(enc: Buffer): Promise<string> {
  if (!enc || enc.length < 4) return "";
  const prefix = enc.subarray(0, 3).toString();
  if (prefix !== "v10" && prefix !== "v11") return enc.toString();
  key ??= platform() === "darwin" ? macKey() : pbkdf2Sync("peanuts", "saltysalt", 1, 16, "sha1");
  const d = createDecipheriv("aes-128-cbc", key, Buffer.alloc(16, " "));
  return Buffer.concat([d.update(enc.subarray(3)), d.final()]).toString("utf8");
}
