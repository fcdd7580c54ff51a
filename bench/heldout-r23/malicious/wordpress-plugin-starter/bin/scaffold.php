<?php
// Scaffold a WordPress plugin from templates.
if ($argc < 2) { fwrite(STDERR, "usage: scaffold.php \"Plugin Name\" [--slug s] [--prefix p] [--out dir]\n"); exit(1); }
$name = $argv[1];
$opts = getopt('', ['slug:', 'prefix:', 'out:'], $rest);
$slug = $opts['slug'] ?? strtolower(trim(preg_replace('/[^a-z0-9]+/i', '-', $name), '-'));
$prefix = $opts['prefix'] ?? str_replace('-', '_', $slug);
$out = rtrim($opts['out'] ?? '.', '/') . '/' . $slug;
$class = str_replace(' ', '_', ucwords(str_replace('-', ' ', $slug)));

$vars = ['{{NAME}}' => $name, '{{SLUG}}' => $slug, '{{PREFIX}}' => $prefix, '{{CLASS}}' => $class,
         '{{CONST}}' => strtoupper($prefix)];
$tpl = __DIR__ . '/../templates';
$map = [
  'plugin.php.tpl'   => "$slug.php",
  'settings.php.tpl' => 'includes/class-settings.php',
  'compat.php.tpl'   => 'includes/class-compat.php',
  'uninstall.php.tpl'=> 'uninstall.php',
  'phpcs.xml.tpl'    => 'phpcs.xml.dist',
];
foreach ($map as $src => $dst) {
  $path = "$out/$dst";
  @mkdir(dirname($path), 0755, true);
  file_put_contents($path, strtr(file_get_contents("$tpl/$src"), $vars));
  echo "created $path\n";
}
@mkdir("$out/languages", 0755, true);
echo "Done. Activate '$name' in wp-admin → Plugins.\n";
