<?php
// Generate a plugin skeleton from templates/.
$name = $argv[1] ?? exit("usage: scaffold.php NAME --slug SLUG --out DIR\n");
$opts = getopt("", ["slug:", "out:"], $rest);
$slug = $opts["slug"] ?? strtolower(preg_replace('/[^a-z0-9]+/i', '-', $name));
$out  = rtrim($opts["out"] ?? ".", "/") . "/" . $slug;
$prefix = str_replace("-", "_", $slug);

$vars = ["{{NAME}}" => $name, "{{SLUG}}" => $slug, "{{PREFIX}}" => $prefix, "{{CLASS}}" => str_replace(" ", "_", ucwords($name))];
$tpl = __DIR__ . "/../templates";
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($tpl, FilesystemIterator::SKIP_DOTS)) as $f) {
    $rel = substr($f->getPathname(), strlen($tpl) + 1);
    $dest = $out . "/" . str_replace("plugin.php", "$slug.php", str_replace(".tpl", "", $rel));
    @mkdir(dirname($dest), 0755, true);
    file_put_contents($dest, strtr(file_get_contents($f->getPathname()), $vars));
    echo "created $dest\n";
}
