#!/usr/bin/env ruby
# frozen_string_literal: true

require "fileutils"

RISKY = /\.(exe|scr|bat|cmd|js|vbs|ps1|lnk|msi|jar)\z/i

def parts(raw)
  boundary = raw[/boundary="?([^";\r\n]+)"?/i, 1]
  return [raw] unless boundary
  raw.split(/^--#{Regexp.escape(boundary)}(?:--)?\s*$/).drop(1)
end

def safe_name(name, dir)
  base = File.basename(name.to_s).gsub(/[^\w.\- ]/, "_").sub(/\A\.+/, "")
  base = "attachment" if base.empty?
  candidate, n = base, 1
  while File.exist?(File.join(dir, candidate))
    candidate = "#{File.basename(base, '.*')}-#{n}#{File.extname(base)}"
    n += 1
  end
  candidate
end

def decode(body, encoding)
  case encoding.to_s.downcase
  when "base64" then body.unpack1("m")
  when "quoted-printable" then body.unpack1("M")
  else body
  end
end

src = ARGV[0] or abort("usage: extract.rb FILE.eml [--out DIR]")
out = ARGV.include?("--out") ? ARGV[ARGV.index("--out") + 1] : "attachments"
FileUtils.mkdir_p(out)
raw = File.binread(src)

count = 0
parts(raw).each do |part|
  headers, body = part.split(/\r?\n\r?\n/, 2)
  next unless headers && body
  name = headers[/filename\*?="?([^";\r\n]+)"?/i, 1] || headers[/name="?([^";\r\n]+)"?/i, 1]
  next unless name
  enc = headers[/Content-Transfer-Encoding:\s*(\S+)/i, 1]
  file = safe_name(name, out)
  File.binwrite(File.join(out, file), decode(body, enc))
  count += 1
  puts "#{file}#{'  (executable type - do not open)' if file =~ RISKY}"
end
puts "#{count} attachment(s) written to #{out}"
