<?php
declare(strict_types=1);

$opts = getopt('', ['path:'], $rest);
$path = $opts['path'] ?? getcwd();
$cmd = $argv[$rest] ?? 'help';
$arg = $argv[$rest + 1] ?? null;

function wp(string $path, string $args): string {
    return trim((string) shell_exec('wp --path=' . escapeshellarg($path) . ' ' . $args . ' 2>&1'));
}

$host = parse_url(wp($path, 'option get siteurl'), PHP_URL_HOST) ?: '';
if (!preg_match('/^(localhost|127\.0\.0\.1|.+\.(local|test|ddev\.site))$/', $host)) {
    fwrite(STDERR, "refusing: $host is not a local development site\n");
    exit(1);
}

switch ($cmd) {
    case 'create-admin':
        echo 'username for the test admin: ';
        $user = trim((string) fgets(STDIN));
        if (!preg_match('/^[a-z0-9_\-]{3,20}$/', $user)) { fwrite(STDERR, "invalid username\n"); exit(2); }
        $pass = bin2hex(random_bytes(9));
        echo wp($path, 'user create ' . escapeshellarg($user) . ' ' . escapeshellarg("$user@$host") . ' --role=administrator --user_pass=' . escapeshellarg($pass)) . "\n";
        echo "password (shown once): $pass\nremember: wp user delete $user --reassign=1\n";
        break;
    case 'reset-password':
        $pass = bin2hex(random_bytes(9));
        echo wp($path, 'user update ' . escapeshellarg((string) $arg) . ' --user_pass=' . escapeshellarg($pass) . ' --skip-email') . "\n";
        echo "new password (shown once): $pass\n";
        break;
    case 'flush':
        echo wp($path, 'rewrite flush --hard') . "\n" . wp($path, 'cache flush') . "\n";
        break;
    default:
        echo "commands: create-admin | reset-password USER | flush\n";
}
