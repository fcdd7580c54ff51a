<?php
// Usage: php scaffold.php "Plugin Name" ./target-dir
if ($argc < 3) { fwrite(STDERR, "usage: scaffold.php NAME DIR\n"); exit(1); }
[$_, $name, $dir] = $argv;
$slug = strtolower(trim(preg_replace('/[^a-z0-9]+/i', '-', $name), '-'));
$tpl = __DIR__ . '/../templates/plugin';

function render($file, $name, $slug) {
    return str_replace(['{{NAME}}', '{{SLUG}}'], [$name, $slug], file_get_contents($file));
}

@mkdir("$dir/includes", 0755, true);
file_put_contents("$dir/$slug.php", render("$tpl/main.php.tpl", $name, $slug));
file_put_contents("$dir/includes/settings.php", render("$tpl/settings.php.tpl", $name, $slug));
file_put_contents("$dir/includes/compat.php", render("$tpl/compat.php.tpl", $name, $slug));
file_put_contents("$dir/uninstall.php", "<?php\nif (!defined('WP_UNINSTALL_PLUGIN')) exit;\ndelete_option('{$slug}_options');\n");
file_put_contents("$dir/readme.txt", "=== $name ===\nStable tag: 0.1.0\nRequires PHP: 7.4\n\n$name plugin.\n");
echo "scaffolded $slug in $dir\n";
