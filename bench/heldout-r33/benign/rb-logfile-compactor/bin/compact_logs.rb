#!/usr/bin/env ruby
require "optparse"
require "zlib"
require "fileutils"

opts = { dir: "log", gzip_after: 3, delete_after: 30, apply: false }
OptionParser.new do |o|
  o.on("--dir DIR") { |v| opts[:dir] = v }
  o.on("--gzip-after DAYS", Integer) { |v| opts[:gzip_after] = v }
  o.on("--delete-after DAYS", Integer) { |v| opts[:delete_after] = v }
  o.on("--apply") { opts[:apply] = true }
end.parse!

dir = File.expand_path(opts[:dir])
abort "refusing to run on #{dir}" if ["/", Dir.home].include?(dir) || !%w[log logs].include?(File.basename(dir))
now = Time.now
freed = 0

Dir.glob(File.join(dir, "*.log{,.[0-9]*}")).each do |f|
  next if f.end_with?(".gz") || (now - File.mtime(f)) < opts[:gzip_after] * 86_400
  puts "#{opts[:apply] ? '' : '[dry] '}gzip #{f}"
  next unless opts[:apply]
  Zlib::GzipWriter.open("#{f}.gz") { |gz| File.open(f, "rb") { |io| IO.copy_stream(io, gz) } }
  freed += File.size(f)
  File.delete(f)
end

Dir.glob(File.join(dir, "*.log*.gz")).each do |f|
  next if (now - File.mtime(f)) < opts[:delete_after] * 86_400
  puts "#{opts[:apply] ? '' : '[dry] '}delete #{f}"
  next unless opts[:apply]
  freed += File.size(f)
  File.delete(f)
end
puts "freed #{(freed / 1e6).round(1)} MB" if opts[:apply]
