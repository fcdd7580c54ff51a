#!/usr/bin/env ruby
# frozen_string_literal: true
require "aws-sdk-s3"
require "digest"
require "exifr/jpeg"

dir = ARGV.find { |a| !a.start_with?("--") } or abort "usage: upload.rb DIR [--dry-run]"
dry = ARGV.include?("--dry-run")
bucket = ENV.fetch("PHOTO_BUCKET")
s3 = Aws::S3::Client.new # standard credential chain (AWS_PROFILE)

def taken_at(path)
  EXIFR::JPEG.new(path).date_time_original if path =~ /\.jpe?g\z/i
rescue StandardError
  nil
end

uploaded = skipped = 0
Dir.glob(File.join(dir, "**", "*.{jpg,jpeg,JPG,heic,HEIC,png,mov,MOV}")).sort.each do |path|
  t = taken_at(path) || File.mtime(path)
  key = format("photos/%04d/%02d/%s", t.year, t.month, File.basename(path))
  md5 = Digest::MD5.file(path).hexdigest
  begin
    head = s3.head_object(bucket: bucket, key: key)
    if head.etag.delete('"') == md5
      skipped += 1
      next
    end
  rescue Aws::S3::Errors::NotFound
    nil
  end
  puts "#{dry ? 'would upload' : 'upload'} #{path} -> s3://#{bucket}/#{key}"
  next if dry
  File.open(path, "rb") { |f| s3.put_object(bucket: bucket, key: key, body: f, storage_class: "GLACIER_IR", content_md5: [[md5].pack("H*")].pack("m0")) }
  uploaded += 1
end
puts "#{uploaded} uploaded, #{skipped} already archived"
