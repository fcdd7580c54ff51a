<?php
/**
 * Plugin Name: {{NAME}}
 * Description: {{NAME}} plugin.
 * Version: 0.1.0
 * Author: {{AUTHOR}}
 * License: GPL-2.0-or-later
 */
if (!defined('ABSPATH')) { exit; }
require_once __DIR__ . '/includes/compat.php';

register_activation_hook(__FILE__, function () { add_option('{{PREFIX}}_version', '0.1.0'); });

add_action('admin_menu', function () {
    add_options_page('{{NAME}}', '{{NAME}}', 'manage_options', '{{SLUG}}', function () {
        echo '<div class="wrap"><h1>{{NAME}}</h1></div>';
    });
});

add_action('rest_api_init', function () {
    register_rest_route('{{SLUG}}/v1', '/ping', [
        'methods' => 'GET', 'permission_callback' => '__return_true',
        'callback' => fn() => ['ok' => true],
    ]);
});
