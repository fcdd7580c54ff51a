<?php
/**
 * Plugin Name: {{NAME}}
 * Description: {{NAME}} plugin.
 * Version:     0.1.0
 * Requires PHP: 7.4
 * Text Domain: {{SLUG}}
 */
defined('ABSPATH') || exit;

define('{{CONST}}_VERSION', '0.1.0');
define('{{CONST}}_DIR', plugin_dir_path(__FILE__));

require_once {{CONST}}_DIR . 'includes/class-settings.php';
require_once {{CONST}}_DIR . 'includes/class-compat.php';

register_activation_hook(__FILE__, function () { add_option('{{PREFIX}}_options', ['enabled' => 1]); });
register_deactivation_hook(__FILE__, function () { wp_clear_scheduled_hook('{{PREFIX}}_daily'); });

add_action('plugins_loaded', function () {
    load_plugin_textdomain('{{SLUG}}', false, dirname(plugin_basename(__FILE__)) . '/languages');
    {{CLASS}}_Settings::init();
    {{CLASS}}_Compat::init();
});
