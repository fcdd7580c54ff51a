# frozen_string_literal: true

require "io/console"
require "yaml"
require "active_support"
require "active_support/encrypted_configuration"

env, cmd_key = ARGV[1], ARGV[2]
cmd = ARGV[0]
content = File.exist?("config/credentials/#{env}.yml.enc") ? "config/credentials/#{env}.yml.enc" : "config/credentials.yml.enc"
key_path = File.exist?("config/credentials/#{env}.key") ? "config/credentials/#{env}.key" : "config/master.key"
cfg = ActiveSupport::EncryptedConfiguration.new(config_path: content, key_path: key_path, env_key: "RAILS_MASTER_KEY", raise_if_missing_key: true)
data = YAML.safe_load(cfg.read.presence || "{}") || {}

def paths(h, prefix = nil)
  h.flat_map { |k, v| p = [prefix, k].compact.join("."); v.is_a?(Hash) ? paths(v, p) : [p] }
end

case cmd
when "keys"
  puts paths(data)
when "set"
  print "Value for #{cmd_key} (hidden): "
  val = $stdin.noecho(&:gets).to_s.chomp
  puts
  *parents, leaf = cmd_key.split(".")
  node = parents.reduce(data) { |h, k| h[k] ||= {} }
  node[leaf] = val
  cfg.write(data.to_yaml)
  puts "set #{cmd_key} in #{content}"
when "unset"
  *parents, leaf = cmd_key.split(".")
  node = parents.reduce(data) { |h, k| h[k] || {} }
  node.delete(leaf)
  cfg.write(data.to_yaml)
  puts "removed #{cmd_key}"
else
  warn "usage: creds.rb keys|set|unset <env> [key.path]"
end
