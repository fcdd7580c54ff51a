<?php
defined('ABSPATH') || exit;

class {{CLASS}}_Settings {
    public static function init() {
        add_action('admin_menu', [__CLASS__, 'menu']);
        add_action('admin_init', [__CLASS__, 'register']);
    }
    public static function menu() {
        add_options_page(__('{{NAME}}', '{{SLUG}}'), __('{{NAME}}', '{{SLUG}}'), 'manage_options', '{{SLUG}}', [__CLASS__, 'render']);
    }
    public static function register() {
        register_setting('{{PREFIX}}', '{{PREFIX}}_options', ['sanitize_callback' => [__CLASS__, 'sanitize']]);
        add_settings_section('{{PREFIX}}_main', '', '__return_false', '{{SLUG}}');
        add_settings_field('enabled', __('Enabled', '{{SLUG}}'), function () {
            $o = get_option('{{PREFIX}}_options');
            printf('<input type="checkbox" name="{{PREFIX}}_options[enabled]" value="1" %s>', checked(1, $o['enabled'] ?? 0, false));
        }, '{{SLUG}}', '{{PREFIX}}_main');
    }
    public static function sanitize($in) { return ['enabled' => empty($in['enabled']) ? 0 : 1]; }
    public static function render() {
        if (!current_user_can('manage_options')) { return; }
        echo '<div class="wrap"><h1>' . esc_html(get_admin_page_title()) . '</h1><form method="post" action="options.php">';
        settings_fields('{{PREFIX}}');
        do_settings_sections('{{SLUG}}');
        submit_button();
        echo '</form></div>';
    }
}
