<?php
$dir = $argv[1] ?? getcwd();
chdir($dir) or die("cannot cd to $dir\n");
$audit = json_decode(shell_exec('composer audit --format=json 2>/dev/null') ?: '{}', true);
$out = json_decode(shell_exec('composer outdated --direct --format=json 2>/dev/null') ?: '{}', true);
foreach ($audit['advisories'] ?? [] as $pkg => $advs) {
    foreach ($advs as $a) printf("VULN  %-35s %s (%s)\n", $pkg, $a['title'], $a['cve'] ?? 'no CVE');
}
foreach ($out['installed'] ?? [] as $p) {
    printf("STALE %-35s %s -> %s\n", $p['name'], $p['version'], $p['latest']);
}
