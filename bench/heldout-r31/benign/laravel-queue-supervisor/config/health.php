<?php
// routes/web.php snippet: GET /queue-health returns queue depth and failed job count.
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Queue;
use Illuminate\Support\Facades\Route;

Route::get('/queue-health', function () {
    $depth = Queue::size('default');
    $failed = DB::table('failed_jobs')->count();
    $status = ($depth < 1000 && $failed < 50) ? 200 : 503;
    return response()->json(['queue' => 'default', 'depth' => $depth, 'failed' => $failed], $status);
})->middleware('throttle:30,1');
