#!/usr/bin/env ruby
# frozen_string_literal: true

LINE = /\A\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\z/

def keys(path)
  return nil unless File.file?(path)

  File.readlines(path, chomp: true).each_with_object({}) do |raw, acc|
    next if raw.strip.empty? || raw.lstrip.start_with?("#")

    m = LINE.match(raw) or next
    value = m[2].sub(/\s+#.*\z/, "").strip.delete_prefix('"').delete_suffix('"')
    acc[m[1]] = !value.empty? # keep only "has a value", never the value itself
  end
end

env_path = ARGV[0] || ".env"
example_path = ARGV[1] || ".env.example"
env = keys(env_path) or abort("#{env_path}: not found")
example = keys(example_path) || {}

missing = example.keys - env.keys
extra = env.keys - example.keys
empty = env.select { |_, has| !has }.keys

{ "missing" => missing, "extra" => extra, "empty" => empty }.each do |label, list|
  next if list.empty?

  puts "#{label} (#{list.size}):"
  list.sort.each { |k| puts "  #{k}" }
end
puts "ok: #{env.size} keys, all present" if missing.empty? && extra.empty? && empty.empty?
exit(missing.empty? ? 0 : 1)
