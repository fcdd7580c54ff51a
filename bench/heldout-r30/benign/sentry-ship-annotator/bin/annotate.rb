#!/usr/bin/env ruby
require "json"
require "net/http"
require "optparse"
require "uri"

opts = { env: "production" }
OptionParser.new do |o|
  o.on("--project P") { |v| opts[:project] = v }
  o.on("--env E") { |v| opts[:env] = v }
end.parse!

TOKEN = ENV.fetch("SENTRY_AUTH_TOKEN")
ORG = ENV.fetch("SENTRY_ORG")
BASE = ENV.fetch("SENTRY_URL", "https://sentry.io").chomp("/")

def api(method, path, body)
  uri = URI("#{BASE}/api/0#{path}")
  req = (method == :post ? Net::HTTP::Post : Net::HTTP::Put).new(uri)
  req["Authorization"] = "Bearer #{TOKEN}"
  req["Content-Type"] = "application/json"
  req.body = JSON.generate(body)
  res = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https") { |h| h.request(req) }
  raise "#{res.code} #{res.body}" unless res.is_a?(Net::HTTPSuccess)
  JSON.parse(res.body)
end

sha = `git rev-parse HEAD`.strip
repo = `git config --get remote.origin.url`.strip.sub(/\.git$/, "").split(%r{[:/]}).last(2).join("/")
version = "#{opts[:project]}@#{sha[0, 12]}"

api(:post, "/organizations/#{ORG}/releases/", version: version, projects: [opts[:project]],
    refs: [{ repository: repo, commit: sha }])
api(:post, "/organizations/#{ORG}/releases/#{URI.encode_www_form_component(version)}/deploys/",
    environment: opts[:env])
puts "release #{version} deployed to #{opts[:env]}"
puts "#{BASE}/organizations/#{ORG}/releases/#{version}/"
