# frozen_string_literal: true

namespace :dev do
  desc "Drop, recreate, migrate and seed the LOCAL development database (CONFIRM=yes)"
  task reset: :environment do
    abort "dev:reset only runs in development (RAILS_ENV=#{Rails.env})" unless Rails.env.development?
    cfg = ActiveRecord::Base.connection_db_config.configuration_hash
    host = cfg[:host].to_s
    abort "refusing: database host #{host.inspect} is not local" unless host.empty? || %w[localhost 127.0.0.1 ::1].include?(host)
    abort "set CONFIRM=yes to drop #{cfg[:database]}" unless ENV["CONFIRM"] == "yes"

    backup = Rails.root.join("tmp", "dev-backup-#{Time.now.strftime('%Y%m%d%H%M%S')}.sql")
    system("pg_dump", "--no-owner", "-f", backup.to_s, cfg[:database].to_s) && puts("backup: #{backup}")

    %w[db:drop db:create db:migrate db:seed].each do |t|
      puts "== #{t}"
      Rake::Task[t].invoke
    end
  end
end
