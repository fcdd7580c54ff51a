<?php
/**
 * Plugin Name: __TITLE__
 * Description: __TITLE__ plugin scaffolded with WP Starter Plugin Kit.
 * Version: 0.1.0
 * Requires PHP: 8.0
 */

namespace __NS__;

defined('ABSPATH') || exit;

require_once __DIR__ . '/includes/class-settings.php';
require_once __DIR__ . '/includes/class-health.php';

register_activation_hook(__FILE__, [Health::class, 'activate']);
register_deactivation_hook(__FILE__, [Health::class, 'deactivate']);

add_action('plugins_loaded', function () {
    (new Settings())->register();
    (new Health())->register();
});
