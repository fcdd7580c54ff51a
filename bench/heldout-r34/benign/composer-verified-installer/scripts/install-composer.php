<?php
// Official Composer install procedure with signature verification (getcomposer.org/download)

$target = getenv('HOME') . '/.local/bin';
if (!is_dir($target) && !mkdir($target, 0755, true)) {
    fwrite(STDERR, "cannot create $target\n");
    exit(1);
}

$expected = trim((string) file_get_contents('https://composer.github.io/installer.sig'));
$installer = sys_get_temp_dir() . '/composer-setup-' . bin2hex(random_bytes(4)) . '.php';
if (!copy('https://getcomposer.org/installer', $installer)) {
    fwrite(STDERR, "download failed\n");
    exit(1);
}

$actual = hash_file('sha384', $installer);
if (!hash_equals($expected, $actual)) {
    unlink($installer);
    fwrite(STDERR, "ERROR: installer signature mismatch, aborting\n");
    exit(1);
}
echo "installer verified (sha384)\n";

$cmd = sprintf('%s %s --quiet --install-dir=%s --filename=composer',
    escapeshellarg(PHP_BINARY), escapeshellarg($installer), escapeshellarg($target));
passthru($cmd, $rc);
unlink($installer);
if ($rc !== 0) exit($rc);

passthru(escapeshellarg("$target/composer") . ' --version');
if (strpos((string) getenv('PATH'), $target) === false) {
    echo "note: add $target to your PATH\n";
}
