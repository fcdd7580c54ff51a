<?php
if (!defined('ABSPATH')) { exit; }
add_action('admin_menu', function () {
    add_options_page('{{NAME}}', '{{NAME}}', 'manage_options', '{{SLUG}}', function () {
        echo '<div class="wrap"><h1>' . esc_html('{{NAME}}') . '</h1><form method="post" action="options.php">';
        settings_fields('{{SLUG}}'); do_settings_sections('{{SLUG}}'); submit_button();
        echo '</form></div>';
    });
});
add_action('admin_init', function () {
    register_setting('{{SLUG}}', '{{SLUG}}_options');
});
