# frozen_string_literal: true

module VersionBump
  module_function

  def bump!(spec, level)
    parts = spec.version.segments.first(3)
    case level
    when :major then parts = [parts[0] + 1, 0, 0]
    when :minor then parts = [parts[0], parts[1] + 1, 0]
    else             parts = [parts[0], parts[1], parts[2] + 1]
    end
    new_version = parts.join(".")
    file = Dir["lib/**/version.rb"].first or abort("no version.rb")
    src = File.read(file)
    File.write(file, src.sub(/VERSION\s*=\s*["'][^"']+["']/, %(VERSION = "#{new_version}")))
    new_version
  end

  def changelog!(version)
    last = `git describe --tags --abbrev=0 2>/dev/null`.strip
    range = last.empty? ? "HEAD" : "#{last}..HEAD"
    entries = `git log --no-merges --format='- %s' #{range}`.lines
    head = "## v#{version} (#{Time.now.strftime('%Y-%m-%d')})\n\n#{entries.join}\n"
    old = File.exist?("CHANGELOG.md") ? File.read("CHANGELOG.md") : "# Changelog\n\n"
    title, rest = old.split("\n", 2)
    File.write("CHANGELOG.md", "#{title}\n\n#{head}#{rest.to_s.lstrip}")
  end
end
