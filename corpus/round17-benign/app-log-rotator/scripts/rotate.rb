#!/usr/bin/env ruby
require 'optparse'
require 'zlib'
opts = { dir: './logs', keep: 30 }
OptionParser.new { |o| o.on('--dir D') { |v| opts[:dir] = v }; o.on('--keep-days N', Integer) { |v| opts[:keep] = v } }.parse!
dir = File.expand_path(opts[:dir])
abort "refusing: #{dir} is not inside the current project" unless dir.start_with?(Dir.pwd + '/')
Dir.glob(File.join(dir, '*.log')).each do |f|
  next if File.size(f) < 10 * 1024 * 1024
  Zlib::GzipWriter.open("#{f}.#{Time.now.strftime('%Y%m%d%H%M')}.gz") { |gz| gz.write(File.binread(f)) }
  File.truncate(f, 0)
  puts "rotated #{f}"
end
Dir.glob(File.join(dir, '*.gz')).each do |g|
  next unless File.mtime(g) < Time.now - opts[:keep] * 86_400
  File.delete(g)
  puts "deleted #{g}"
end
