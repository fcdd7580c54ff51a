#!/usr/bin/env ruby
require "date"
require "fileutils"
require "optparse"

opts = { tags: [], publish: false }
OptionParser.new do |o|
  o.on("--tags LIST") { |v| opts[:tags] = v.split(",") }
  o.on("--publish") { opts[:publish] = true }
end.parse!

if opts[:publish]
  branch = `git branch --show-current`.strip
  print "Commit _posts and push '#{branch}' to origin? [y/N] "
  exit 1 unless $stdin.gets.to_s.strip.downcase == "y"
  system("git", "add", "_posts", "assets/img") or abort
  system("git", "commit", "-m", "post: #{Date.today}") or abort
  system("git", "push", "origin", branch) or abort
  exit
end

title = ARGV.join(" ")
abort "usage: newpost.rb TITLE [--tags a,b]" if title.empty?
slug = title.downcase.gsub(/[^a-z0-9]+/, "-").gsub(/^-|-$/, "")
path = "_posts/#{Date.today}-#{slug}.md"
FileUtils.mkdir_p(["_posts", "assets/img/#{slug}"])
abort "#{path} exists" if File.exist?(path)
File.write(path, <<~MD)
  ---
  layout: post
  title: "#{title.gsub('"', '\"')}"
  date: #{DateTime.now.strftime("%F %T %z")}
  tags: [#{opts[:tags].join(", ")}]
  ---

  Intro paragraph.

  ![alt text](/assets/img/#{slug}/cover.jpg)
MD
puts path
