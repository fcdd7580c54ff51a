#!/usr/bin/env perl
use strict;
use warnings;

my (%path, %status, %ip, %hour, $bytes, $n);
for my $f (@ARGV ? @ARGV : ('/var/log/nginx/access.log')) {
    my $fh;
    if ($f =~ /\.gz$/) { open($fh, '-|', 'gzip', '-dc', $f) or next; }
    else               { open($fh, '<', $f) or next; }
    while (my $l = <$fh>) {
        next unless $l =~ m{^(\S+) \S+ \S+ \[(\d+)/(\w+)/(\d+):(\d+):\d+:\d+ [^\]]+\] "(\S+) (\S+)[^"]*" (\d{3}) (\d+|-)};
        my ($cip, $hr, $p, $st, $sz) = ($1, $5, $7, $8, $9);
        $p =~ s/\?.*//;
        $n++; $path{$p}++; $status{$st}++; $ip{$cip}++; $hour{"$hr:00 $st"}++ if $st >= 500;
        $bytes += $sz eq '-' ? 0 : $sz;
    }
    close $fh;
}
sub top { my ($h, $k) = @_; my @s = sort { $h->{$b} <=> $h->{$a} } keys %$h; return @s[0 .. ($k < @s ? $k - 1 : $#s)]; }
printf "requests: %d  bytes: %.1f MB\n", $n // 0, ($bytes // 0) / 1048576;
print "\nstatus codes\n"; printf "  %s  %d\n", $_, $status{$_} for sort keys %status;
print "\ntop paths\n";    printf "  %6d  %s\n", $path{$_}, $_ for top(\%path, 15);
print "\ntop clients\n";  printf "  %6d  %s\n", $ip{$_}, $_ for top(\%ip, 10);
print "\n5xx by hour\n";  printf "  %s  %d\n", $_, $hour{$_} for sort keys %hour;
