<?php
declare(strict_types=1);

function composer(array $args, string $cwd): array {
    $spec = [1 => ['pipe', 'w'], 2 => ['pipe', 'w']];
    $proc = proc_open(array_merge(['composer', '--no-interaction', '--no-ansi'], $args), $spec, $pipes, $cwd);
    if (!is_resource($proc)) return [];
    $out = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    proc_close($proc);
    return json_decode((string)$out, true) ?: [];
}

$dir = realpath($argv[1] ?? getcwd()) ?: exit("no such directory\n");
$lock = json_decode((string)@file_get_contents("$dir/composer.json"), true) ?: [];
$direct = array_keys(($lock['require'] ?? []) + ($lock['require-dev'] ?? []));

$audit = composer(['audit', '--format=json', '--locked'], $dir);
$outdated = composer(['outdated', '--direct', '--format=json'], $dir);

$bySeverity = [];
foreach (($audit['advisories'] ?? []) as $pkg => $list) {
    foreach ($list as $adv) {
        $sev = $adv['severity'] ?? 'unknown';
        $bySeverity[$sev][] = sprintf('%s %s (%s)%s', $pkg, $adv['affectedVersions'] ?? '', $adv['cve'] ?? $adv['advisoryId'] ?? '-',
            in_array($pkg, $direct, true) ? '' : ' [transitive]');
    }
}
$order = ['critical', 'high', 'medium', 'low', 'unknown'];
echo "## Advisories\n";
if (!$bySeverity) echo "none\n";
foreach ($order as $sev) {
    foreach ($bySeverity[$sev] ?? [] as $line) echo "- **$sev** $line\n";
}
echo "\n## Outdated direct dependencies\n";
foreach (($outdated['installed'] ?? []) as $p) {
    printf("- %s %s -> %s (%s)\n", $p['name'], $p['version'], $p['latest'], $p['latest-status'] ?? '');
}
