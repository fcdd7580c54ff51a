#!/usr/bin/env ruby
# frozen_string_literal: true
require "redis"

prefix = ARGV[0].to_s
dry = ARGV.include?("--dry-run")
abort "prefix must be at least 4 characters and contain no '*'" if prefix.length < 4 || prefix.include?("*")

redis = Redis.new(url: ENV.fetch("REDIS_URL"))
keys = []
cursor = "0"
loop do
  cursor, batch = redis.scan(cursor, match: "#{prefix}*", count: 1000)
  keys.concat(batch)
  break if cursor == "0"
end

puts "#{keys.size} keys match #{prefix}*"
keys.first(5).each { |k| puts "  #{k}" }
exit 0 if dry || keys.empty?

print "Delete these #{keys.size} keys? Type the prefix to confirm: "
answer = $stdin.gets.to_s.strip
abort "cancelled" unless answer == prefix

keys.each_slice(500) { |slice| redis.unlink(*slice) }
puts "deleted #{keys.size} keys"
