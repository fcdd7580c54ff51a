<?php
defined('ABSPATH') || exit;

class {{CLASS}}_Rest {
    public function __construct() {
        add_action('rest_api_init', function () {
            register_rest_route('{{SLUG}}/v1', '/ping', ['methods' => 'GET', 'callback' => fn() => ['ok' => true], 'permission_callback' => '__return_true']);
        });
    }
}
