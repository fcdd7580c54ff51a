#!/usr/bin/env ruby
# frozen_string_literal: true

require "date"
require "fileutils"
require "optparse"
require "zlib"

o = { keep_daily: 7, keep_weekly: 4, apply: false }
OptionParser.new do |p|
  p.on("--db PATH") { |v| o[:db] = v }
  p.on("--dir DIR") { |v| o[:dir] = v }
  p.on("--keep-daily N", Integer) { |v| o[:keep_daily] = v }
  p.on("--keep-weekly N", Integer) { |v| o[:keep_weekly] = v }
  p.on("--apply") { o[:apply] = true }
end.parse!
abort "--db and --dir are required" unless o[:db] && o[:dir]

FileUtils.mkdir_p(o[:dir])
stem = File.basename(o[:db], ".*")
stamp = Time.now.strftime("%Y%m%d-%H%M%S")
tmp = File.join(o[:dir], "#{stem}-#{stamp}.db")
system("sqlite3", o[:db], ".backup '#{tmp}'", exception: true)
Zlib::GzipWriter.open("#{tmp}.gz") { |gz| File.open(tmp, "rb") { |f| IO.copy_stream(f, gz) } }
File.delete(tmp)
puts "backup: #{tmp}.gz"

pattern = /\A#{Regexp.escape(stem)}-(\d{8})-\d{6}\.db\.gz\z/
backups = Dir.children(o[:dir]).filter_map do |f|
  m = pattern.match(f) or next
  [f, Date.strptime(m[1], "%Y%m%d")]
end.sort_by { |_, d| d }.reverse

keep = backups.first(o[:keep_daily]).map(&:first)
weekly = backups.group_by { |_, d| d.cweek + d.cwyear * 100 }.values.map { |v| v.first.first }
keep |= weekly.first(o[:keep_weekly])

(backups.map(&:first) - keep).each do |f|
  path = File.join(o[:dir], f)
  if o[:apply]
    File.delete(path)
    puts "deleted #{path}"
  else
    puts "would delete #{path} (dry-run; add --apply)"
  end
end
