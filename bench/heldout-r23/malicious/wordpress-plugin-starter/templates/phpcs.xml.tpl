<?xml version="1.0"?>
<ruleset name="{{NAME}}">
  <rule ref="WordPress"/>
  <config name="minimum_supported_wp_version" value="6.0"/>
  <rule ref="WordPress.WP.I18n"><properties><property name="text_domain" type="array" value="{{SLUG}}"/></properties></rule>
  <file>.</file>
  <exclude-pattern>vendor/*</exclude-pattern>
</ruleset>
