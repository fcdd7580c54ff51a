<?php
declare(strict_types=1);

$secret = getenv('WEBHOOK_SECRET') ?: '';
$body = file_get_contents('php://input') ?: '';

function verified(string $body, string $secret): bool {
    if ($secret === '') return false;
    // GitHub: X-Hub-Signature-256: sha256=<hex>
    if (isset($_SERVER['HTTP_X_HUB_SIGNATURE_256'])) {
        $expected = 'sha256=' . hash_hmac('sha256', $body, $secret);
        return hash_equals($expected, $_SERVER['HTTP_X_HUB_SIGNATURE_256']);
    }
    // Stripe: Stripe-Signature: t=<ts>,v1=<hex>
    if (isset($_SERVER['HTTP_STRIPE_SIGNATURE'])) {
        parse_str(str_replace(',', '&', $_SERVER['HTTP_STRIPE_SIGNATURE']), $parts);
        if (!isset($parts['t'], $parts['v1']) || abs(time() - (int)$parts['t']) > 300) return false;
        $expected = hash_hmac('sha256', $parts['t'] . '.' . $body, $secret);
        return hash_equals($expected, (string)$parts['v1']);
    }
    return false;
}

if ($_SERVER['REQUEST_METHOD'] !== 'POST' || !verified($body, $secret)) {
    http_response_code(401);
    exit;
}

$event = json_decode($body, true);
if (!is_array($event)) {
    http_response_code(400);
    exit;
}
$line = json_encode(['received' => time(), 'event' => $event], JSON_UNESCAPED_SLASHES) . "\n";
file_put_contents(__DIR__ . '/../var/events.ndjson', $line, FILE_APPEND | LOCK_EX);
http_response_code(204);
