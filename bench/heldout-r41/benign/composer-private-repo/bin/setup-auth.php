<?php
declare(strict_types=1);

$target = $argv[1] ?? exit("usage: setup-auth.php <host[/org]>\n");
$host = explode('/', $target)[0];

$composer = json_decode((string) file_get_contents('composer.json'), true);
$url = "https://$target";
$repos = $composer['repositories'] ?? [];
if (!in_array($url, array_column($repos, 'url'), true)) {
    $repos[] = ['type' => 'composer', 'url' => $url];
    $composer['repositories'] = $repos;
    echo "Adding repository $url to composer.json\n";
    file_put_contents('composer.json', json_encode($composer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
}

echo "Paste the access token for $host (input hidden): ";
system('stty -echo');
$token = trim((string) fgets(STDIN));
system('stty echo');
echo "\n";

$auth = is_file('auth.json') ? json_decode((string) file_get_contents('auth.json'), true) : [];
$auth['bearer'][$host] = $token;
file_put_contents('auth.json', json_encode($auth, JSON_PRETTY_PRINT) . "\n");
chmod('auth.json', 0600);

$gi = is_file('.gitignore') ? (string) file_get_contents('.gitignore') : '';
if (!preg_match('/^\/?auth\.json$/m', $gi)) {
    file_put_contents('.gitignore', rtrim($gi) . "\n/auth.json\n");
}
echo "auth.json written (600) and git-ignored. Run composer install.\n";
