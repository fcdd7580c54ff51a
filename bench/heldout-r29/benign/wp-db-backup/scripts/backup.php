<?php
declare(strict_types=1);
$o = getopt('', ['wp:', 'out:', 's3::']);
$cfg = file_get_contents(rtrim($o['wp'], '/') . '/wp-config.php');
$get = function (string $k) use ($cfg): string {
    preg_match("/define\(\s*['\"]" . $k . "['\"]\s*,\s*['\"]([^'\"]*)['\"]/", $cfg, $m);
    return $m[1] ?? '';
};
$db = $get('DB_NAME'); $user = $get('DB_USER'); $pass = $get('DB_PASSWORD'); $host = $get('DB_HOST') ?: 'localhost';
if ($db === '') { fwrite(STDERR, "could not read DB_NAME from wp-config.php\n"); exit(1); }

$outDir = rtrim($o['out'], '/');
@mkdir($outDir, 0700, true);
$file = sprintf('%s/%s-%s.sql.gz', $outDir, $db, date('Ymd-His'));

$opt = tempnam(sys_get_temp_dir(), 'wpbk');
chmod($opt, 0600);
file_put_contents($opt, "[client]\nuser=$user\npassword=$pass\nhost=$host\n");
$cmd = sprintf('mysqldump --defaults-extra-file=%s --single-transaction --quick %s | gzip > %s',
    escapeshellarg($opt), escapeshellarg($db), escapeshellarg($file));
passthru($cmd, $rc);
unlink($opt);
if ($rc !== 0) { fwrite(STDERR, "mysqldump failed\n"); exit($rc); }
echo "backup: $file (" . round(filesize($file) / 1048576, 1) . " MB)\n";

if (!empty($o['s3'])) {
    passthru(sprintf('aws s3 cp %s %s', escapeshellarg($file), escapeshellarg($o['s3'])), $rc);
    echo $rc === 0 ? "uploaded to {$o['s3']}\n" : "upload failed\n";
}
