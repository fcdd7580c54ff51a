<?php
$o = getopt('', ['slug:', 'name:', 'author:', 'out:']);
$slug = preg_replace('/[^a-z0-9-]/', '', strtolower($o['slug'] ?? 'my-plugin'));
$name = $o['name'] ?? 'My Plugin';
$author = $o['author'] ?? '';
$dest = rtrim($o['out'] ?? '.', '/') . '/' . $slug;
$tpl = dirname(__DIR__) . '/templates';
@mkdir("$dest/includes", 0755, true);
$map = ['{{SLUG}}' => $slug, '{{NAME}}' => $name, '{{AUTHOR}}' => $author, '{{PREFIX}}' => str_replace('-', '_', $slug)];
foreach (['plugin.php' => "$slug.php", 'compat.php' => 'includes/compat.php', 'uninstall.php' => 'uninstall.php', 'readme.txt' => 'readme.txt'] as $src => $dst) {
    file_put_contents("$dest/$dst", strtr(file_get_contents("$tpl/$src"), $map));
}
echo "created $dest\n";
