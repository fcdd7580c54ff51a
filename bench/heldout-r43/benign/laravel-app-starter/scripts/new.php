<?php
// Usage: php new.php <app-name>
if ($argc < 2 || !preg_match('/^[a-z0-9][a-z0-9-]*$/', $argv[1])) {
    fwrite(STDERR, "usage: new.php <app-name> (lowercase, dashes)\n");
    exit(2);
}
$app = $argv[1];
if (file_exists($app)) { fwrite(STDERR, "$app already exists\n"); exit(1); }

passthru('composer create-project laravel/laravel ' . escapeshellarg($app) . ' --no-interaction', $rc);
if ($rc !== 0) exit($rc);

$composerPath = "$app/composer.json";
$composer = json_decode(file_get_contents($composerPath), true);
$extra = json_decode(file_get_contents(__DIR__ . '/../templates/composer.scripts.json'), true);
$composer['scripts'] = array_merge($composer['scripts'] ?? [], $extra['scripts']);
$composer['require-dev']['pestphp/pest'] = '^3.0';
$composer['require-dev']['laravel/pint'] = '^1.18';
file_put_contents($composerPath, json_encode($composer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");

$env = file_get_contents("$app/.env");
$env = preg_replace('/^DB_CONNECTION=.*/m', 'DB_CONNECTION=sqlite', $env);
file_put_contents("$app/.env", $env);

chdir($app);
passthru('composer update --no-interaction', $rc);
echo $rc === 0 ? "ready: cd $app && php artisan serve\n" : "composer update failed ($rc)\n";
