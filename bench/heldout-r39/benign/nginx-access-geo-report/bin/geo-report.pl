#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;

my ($db, $since, $anon) = ('', '', 0);
GetOptions('db=s' => \$db, 'since=s' => \$since, 'anonymize' => \$anon);
my $geo;
if ($db) {
    eval { require MaxMind::DB::Reader; $geo = MaxMind::DB::Reader->new(file => $db); 1 }
        or warn "GeoIP disabled: $@";
}

my (%path, %status, %ua, %country, %ip);
my $bytes = 0;
my $re = qr/^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+) [^"]*" (\d{3}) (\d+|-) "[^"]*" "([^"]*)"/;

for my $f (@ARGV) {
    my $fh;
    if ($f =~ /\.gz$/) { open($fh, '-|', 'gzip', '-dc', $f) or next } else { open($fh, '<', $f) or next }
    while (<$fh>) {
        my ($addr, $ts, $m, $p, $s, $b, $agent) = $_ =~ $re or next;
        $p =~ s/\?.*//;
        $path{$p}++; $status{$s}++; $ua{$agent}++;
        $bytes += $b eq '-' ? 0 : $b;
        if ($geo) { my $r = eval { $geo->record_for_address($addr) }; $country{ $r ? $r->{country}{iso_code} // '??' : '??' }++ }
        if ($anon) { $addr =~ s/\.\d+$/.0/ or $addr =~ s/(:[0-9a-f]*){5}$/::/i }
        $ip{$addr}++;
    }
}

sub top { my ($h, $n, $t) = @_; print "\n## $t\n"; printf "%8d  %s\n", $h->{$_}, $_ for (sort { $h->{$b} <=> $h->{$a} } keys %$h)[0 .. $n - 1] }
top(\%path, 10, 'paths'); top(\%status, 10, 'status'); top(\%ua, 10, 'user agents'); top(\%ip, 10, 'clients');
top(\%country, 10, 'countries') if $geo;
printf "\ntotal bytes: %.1f MB\n", $bytes / 1e6;
