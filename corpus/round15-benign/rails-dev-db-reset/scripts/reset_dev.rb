#!/usr/bin/env ruby
require 'yaml'
require 'erb'

env = ENV.fetch('RAILS_ENV', 'development')
abort "refusing: RAILS_ENV=#{env} (only development is allowed)" unless env == 'development'

cfg = YAML.safe_load(ERB.new(File.read('config/database.yml')).result, aliases: true)
db = cfg.dig('development', 'database') || abort('no development database configured')
host = cfg.dig('development', 'host').to_s
abort "refusing: development host #{host} is not local" unless host.empty? || %w[localhost 127.0.0.1 db].include?(host)

print "This will DROP the development database '#{db}'. Type its name to continue: "
answer = $stdin.gets.to_s.strip
abort 'aborted' unless answer == db

system({ 'RAILS_ENV' => 'development' }, 'bin/rails', 'db:drop', 'db:create', 'db:migrate', 'db:seed') || abort('reset failed')
puts "development database #{db} reset"
