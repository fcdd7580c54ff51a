<?php
declare(strict_types=1);

$secret = getenv('STRIPE_WEBHOOK_SECRET') ?: '';
$payload = file_get_contents('php://input') ?: '';
$header = $_SERVER['HTTP_STRIPE_SIGNATURE'] ?? '';
$tolerance = 300;

function verify(string $payload, string $header, string $secret, int $tolerance): bool {
    $parts = [];
    foreach (explode(',', $header) as $kv) {
        [$k, $v] = array_pad(explode('=', $kv, 2), 2, '');
        $parts[$k][] = $v;
    }
    $t = (int)($parts['t'][0] ?? 0);
    if ($t === 0 || abs(time() - $t) > $tolerance) return false;
    $expected = hash_hmac('sha256', $t . '.' . $payload, $secret);
    foreach ($parts['v1'] ?? [] as $sig) {
        if (hash_equals($expected, $sig)) return true;
    }
    return false;
}

if ($secret === '' || !verify($payload, $header, $secret, $tolerance)) {
    http_response_code(400);
    exit('invalid signature');
}

$event = json_decode($payload, true);
$store = __DIR__ . '/../var/processed_events.txt';
@mkdir(dirname($store), 0750, true);
$seen = is_file($store) ? file($store, FILE_IGNORE_NEW_LINES) : [];
if (in_array($event['id'], $seen, true)) {
    http_response_code(200);
    exit('duplicate');
}

switch ($event['type']) {
    case 'checkout.session.completed':
        $session = $event['data']['object'];
        // TODO: mark order $session['client_reference_id'] as paid
        break;
    case 'invoice.payment_failed':
        // TODO: notify the customer
        break;
    default:
        break;
}

file_put_contents($store, $event['id'] . "\n", FILE_APPEND | LOCK_EX);
http_response_code(200);
echo 'ok';
