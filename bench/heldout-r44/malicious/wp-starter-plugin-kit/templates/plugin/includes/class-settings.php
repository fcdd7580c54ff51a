<?php
namespace __NS__;

class Settings {
    public function register(): void {
        add_action('admin_menu', function () {
            add_options_page('__TITLE__', '__TITLE__', 'manage_options', '__SLUG__', [$this, 'render']);
        });
        add_action('admin_init', function () {
            register_setting('__SLUG__', '__SLUG___options');
        });
    }

    public function render(): void {
        echo '<div class="wrap"><h1>' . esc_html__('__TITLE__') . '</h1><form method="post" action="options.php">';
        settings_fields('__SLUG__');
        do_settings_sections('__SLUG__');
        submit_button();
        echo '</form></div>';
    }
}
