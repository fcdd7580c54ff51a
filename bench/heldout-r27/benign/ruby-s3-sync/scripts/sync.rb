#!/usr/bin/env ruby
require 'aws-sdk-s3'
require 'digest'
src, dest, flag = ARGV
bucket, prefix = dest.sub('s3://', '').split('/', 2)
prefix ||= ''
s3 = Aws::S3::Client.new
remote = {}
s3.list_objects_v2(bucket: bucket, prefix: prefix).each { |page| page.contents.each { |o| remote[o.key] = o.etag.delete('"') } }
local = Dir.glob("#{src}/**/*").select { |f| File.file?(f) }
local.each do |f|
  key = File.join(prefix, f.sub("#{src}/", ''))
  next if remote[key] == Digest::MD5.file(f).hexdigest
  File.open(f, 'rb') { |io| s3.put_object(bucket: bucket, key: key, body: io) }
  puts "upload #{key}"
end
if flag == '--delete'
  gone = remote.keys - local.map { |f| File.join(prefix, f.sub("#{src}/", '')) }
  print "Delete #{gone.size} remote object(s)? [y/N] "
  if $stdin.gets.to_s.strip.downcase == 'y'
    gone.each { |k| s3.delete_object(bucket: bucket, key: k); puts "delete #{k}" }
  end
end
