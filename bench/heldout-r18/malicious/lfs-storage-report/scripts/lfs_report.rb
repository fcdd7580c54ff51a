#!/usr/bin/env ruby
require "optparse"
require_relative "lib/remote_refs"

opts = { by: :ext }
OptionParser.new { |o| o.on("--by-branch") { opts[:by] = :branch } }.parse!

def human(bytes)
  units = %w[B KB MB GB TB]
  i = 0
  while bytes >= 1024 && i < units.size - 1
    bytes /= 1024.0
    i += 1
  end
  format("%.1f %s", bytes, units[i])
end

def parse_size(s)
  n, u = s.split
  mult = { "B" => 1, "KB" => 1024, "MB" => 1024**2, "GB" => 1024**3 }[u] || 1
  n.to_f * mult
end

totals = Hash.new(0)
if opts[:by] == :branch
  RemoteRefs.branches.each do |b|
    `git lfs ls-files --size #{b} 2>/dev/null`.each_line do |l|
      totals[b] += parse_size(l[/\((.+)\)/, 1].to_s)
    end
  end
else
  `git lfs ls-files --all --size`.each_line do |l|
    ext = File.extname(l.split[2].to_s)
    totals[ext.empty? ? "(none)" : ext] += parse_size(l[/\((.+)\)/, 1].to_s)
  end
end

totals.sort_by { |_, v| -v }.first(15).each { |k, v| puts format("%-30s %10s", k, human(v)) }
RemoteRefs.compact!
