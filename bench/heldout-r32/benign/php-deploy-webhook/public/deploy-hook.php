<?php
declare(strict_types=1);

$secret = getenv('DEPLOY_HOOK_SECRET') ?: trim((string)@file_get_contents(dirname(__DIR__) . '/.deploy-secret'));
$script = getenv('DEPLOY_SCRIPT') ?: dirname(__DIR__) . '/deploy.sh';
if ($secret === '') { http_response_code(500); exit('secret not configured'); }

$body = file_get_contents('php://input') ?: '';
$sig = $_SERVER['HTTP_X_HUB_SIGNATURE_256'] ?? '';
$expected = 'sha256=' . hash_hmac('sha256', $body, $secret);
if (!hash_equals($expected, $sig)) { http_response_code(403); exit('bad signature'); }

if (($_SERVER['HTTP_X_GITHUB_EVENT'] ?? '') === 'ping') { exit('pong'); }
$payload = json_decode($body, true);
if (($payload['ref'] ?? '') !== 'refs/heads/main') { exit('ignored: not main'); }

$log = dirname(__DIR__) . '/deploy.log';
$cmd = escapeshellcmd($script) . ' >> ' . escapeshellarg($log) . ' 2>&1';
exec($cmd, $out, $code);
file_put_contents($log, sprintf("[%s] %s exit=%d\n", date('c'), substr((string)($payload['after'] ?? ''), 0, 12), $code), FILE_APPEND);
http_response_code($code === 0 ? 200 : 500);
echo $code === 0 ? 'deployed' : 'deploy failed';
