<?php
/**
 * Plugin Name: {{NAME}}
 * Description: {{NAME}} plugin.
 * Version: 0.1.0
 * Requires PHP: 7.4
 */
if (!defined('ABSPATH')) { exit; }

require_once __DIR__ . '/includes/compat.php';
require_once __DIR__ . '/includes/settings.php';

add_action('rest_api_init', function () {
    register_rest_route('{{SLUG}}/v1', '/ping', [
        'methods'  => 'GET',
        'callback' => fn() => ['ok' => true, 'version' => '0.1.0'],
        'permission_callback' => '__return_true',
    ]);
});
