<?php
$data = json_decode(stream_get_contents(STDIN), true) ?: [];
foreach (($data['advisories'] ?? []) as $pkg => $advs) {
    foreach ($advs as $a) {
        printf("%-40s %-15s %s\n", $pkg, $a['affectedVersions'] ?? '?', $a['title'] ?? '');
    }
}
foreach (($data['abandoned'] ?? []) as $pkg => $repl) {
    printf("%-40s abandoned -> %s\n", $pkg, $repl ?: 'no replacement');
}
