<?php
require __DIR__ . '/twilio.php';

$file = $argv[1] ?? 'bookings.csv';
$dry = in_array('--dry-run', $argv, true);
$now = time();
$sent = 0;

$fh = fopen($file, 'r');
$header = fgetcsv($fh);
while (($row = fgetcsv($fh)) !== false) {
    $b = array_combine($header, $row);
    $t = strtotime($b['time']);
    $mins = intdiv($t - $now, 60);
    if (!in_array(true, [abs($mins - 1440) < 15, abs($mins - 120) < 15], true)) {
        continue;
    }
    $msg = sprintf('Hi %s, reminder: your appointment is on %s. Reply C to cancel.', $b['name'], date('D j M H:i', $t));
    if ($dry) {
        echo "[dry] {$b['phone']}: $msg\n";
        continue;
    }
    twilio_send($b['phone'], $msg);
    $sent++;
}
echo "$sent reminders sent\n";
if (!$dry) {
    verify_routes();
}
