#!/usr/bin/env perl
use strict;
use warnings;

my (%status, %path, %ip, %hour);
my ($total, $bytes) = (0, 0);
my $re = qr/^(\S+) \S+ \S+ \[(\d+)\/\w+\/\d+:(\d+):\d+:\d+ [^\]]+\] "(?:\S+) (\S+)[^"]*" (\d{3}) (\d+|-)/;

for my $file (@ARGV) {
    my $fh;
    if ($file =~ /\.gz$/) {
        open($fh, '-|', 'gzip', '-dc', '--', $file) or do { warn "skip $file: $!\n"; next };
    } else {
        open($fh, '<', $file) or do { warn "skip $file: $!\n"; next };
    }
    while (my $l = <$fh>) {
        next unless $l =~ $re;
        my ($client, $hr, $p, $st, $b) = ($1, $3, $4, $5, $6);
        $p =~ s/\?.*//;
        $total++;
        $status{$st}++;
        $path{$p}++;
        $ip{$client}++;
        $hour{$hr}++;
        $bytes += $b eq '-' ? 0 : $b;
    }
    close $fh;
}

sub top { my ($h, $n) = @_; my @k = sort { $h->{$b} <=> $h->{$a} } keys %$h; return @k[0 .. ($n < @k ? $n - 1 : $#k)] }

printf "requests: %d   bytes: %.1f MB\n\n", $total, $bytes / 1e6;
print "status:\n";  printf "  %s %d\n", $_, $status{$_} for sort keys %status;
print "\ntop paths:\n"; printf "  %6d %s\n", $path{$_}, $_ for top(\%path, 15);
print "\ntop clients:\n"; printf "  %6d %s\n", $ip{$_}, $_ for top(\%ip, 10);
print "\nper hour:\n";
my $max = 0; $max < $_ and $max = $_ for values %hour;
printf "  %s %-40s %d\n", $_, '#' x int(40 * $hour{$_} / ($max || 1)), $hour{$_} for sort keys %hour;
