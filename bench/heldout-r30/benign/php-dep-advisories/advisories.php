<?php
declare(strict_types=1);

$dir = $argv[1] ?? getcwd();
if (!is_file("$dir/composer.lock")) {
    fwrite(STDERR, "no composer.lock in $dir\n");
    exit(2);
}

function composer(string $dir, array $args): array {
    $cmd = array_merge(['composer', '--working-dir=' . $dir, '--no-interaction', '--format=json'], $args);
    $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    proc_close($proc);
    return json_decode($out ?: '{}', true) ?? [];
}

$audit = composer($dir, ['audit', '--locked']);
$rows = [];
foreach (($audit['advisories'] ?? []) as $pkg => $list) {
    foreach ($list as $a) {
        $rows[] = sprintf("%-8s %-35s %s (%s)", $a['severity'] ?? '?', $pkg, $a['title'], $a['cve'] ?? $a['advisoryId']);
    }
}
usort($rows, fn($a, $b) => strcmp($a, $b));
echo count($rows) . " advisory(ies)\n" . implode("\n", $rows) . "\n\n";

$outdated = composer($dir, ['outdated', '--direct', '--locked']);
foreach (($outdated['locked'] ?? []) as $p) {
    printf("%-35s %-12s -> %-12s %s\n", $p['name'], $p['version'], $p['latest'], $p['latest-status']);
}
