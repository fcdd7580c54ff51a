#!/usr/bin/env ruby
# frozen_string_literal: true
require "yaml"
require "open3"

cfg = YAML.safe_load(File.read("_deploy.yml"))
host, path = cfg.fetch("host"), cfg.fetch("path")
abort "refusing to deploy to a suspicious path: #{path}" if path.strip.empty? || %w[/ /var /var/www /home].include?(path.chomp("/"))
dry = ARGV.include?("--dry-run")

system("bundle", "exec", "jekyll", "build", exception: true)
args = ["rsync", "-az", "--delete", "--itemize-changes", "_site/", "#{host}:#{path.end_with?('/') ? path : path + '/'}"]

preview, _st = Open3.capture2(*args, "--dry-run")
deletions = preview.lines.grep(/^\*deleting/)
puts preview
puts "#{deletions.size} file(s) would be deleted on the server"
exit 0 if dry

print "Deploy to #{host}:#{path}? [y/N] "
exit 1 unless $stdin.gets.to_s.strip.downcase == "y"
system(*args, exception: true)
puts "deployed"
