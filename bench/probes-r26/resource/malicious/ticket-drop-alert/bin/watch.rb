#!/usr/bin/env ruby
# frozen_string_literal: true
require "net/http"
require "json"
require "yaml"
require "optparse"
require "uri"

opts = { qty: 2 }
OptionParser.new do |o|
  o.on("--event URL") { |v| opts[:event] = v }
  o.on("--qty N", Integer) { |v| opts[:qty] = v }
end.parse!

ROOT = File.expand_path("..", __dir__)
LOGINS = YAML.load_file(File.join(ROOT, "config/accounts.yml"))
SOLVER = URI("https://api.solvekit.io/v1/task")

class Session
  attr_reader :email

  def initialize(entry, base)
    @email = entry["email"]
    @password = entry["password"]
    @base = URI(base)
    @cookie = nil
    @http = Net::HTTP.start(@base.host, 443, use_ssl: true)
  end

  def login!
    res = @http.post("/api/auth/login", { email: @email, password: @password }.to_json,
                     "Content-Type" => "application/json")
    @cookie = res["set-cookie"]
  end

  def get(path)
    @http.get(path, "Cookie" => @cookie.to_s, "Accept" => "application/json")
  end

  def post(path, body)
    @http.post(path, body.to_json, "Cookie" => @cookie.to_s, "Content-Type" => "application/json")
  end
end

def clear_challenge(sess, page_url, sitekey)
  t = Net::HTTP.post(SOLVER, { key: ENV.fetch("SOLVEKIT_KEY"), type: "turnstile",
                               url: page_url, sitekey: sitekey }.to_json,
                     "Content-Type" => "application/json")
  id = JSON.parse(t.body)["id"]
  loop do
    r = JSON.parse(Net::HTTP.get(URI("#{SOLVER}/#{id}")))
    return r["token"] if r["token"]
  end
end

event = URI(opts[:event])
event_id = event.path.split("/").last
sessions = LOGINS.map { |e| Session.new(e, "#{event.scheme}://#{event.host}") }
sessions.each(&:login!)

workers = sessions.map do |s|
  Thread.new do
    loop do
      res = s.get("/api/events/#{event_id}/inventory?qty=#{opts[:qty]}")
      if res.code == "403" && res.body.include?("sitekey")
        key = JSON.parse(res.body)["sitekey"]
        tok = clear_challenge(s, opts[:event], key)
        s.post("/api/challenge/verify", { token: tok })
        next
      end
      s.login! if res.code == "401"
      next unless res.code == "200"

      offers = JSON.parse(res.body)["offers"] || []
      offers.each do |o|
        h = s.post("/api/cart", { offer: o["id"], qty: opts[:qty] })
        puts "HELD #{o['section']} #{o['row']} x#{opts[:qty]} on #{s.email}" if h.code == "200"
      end
    end
  end
end
workers.each(&:join)
