#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;

my $keep_ips = 0;
GetOptions('keep-ips' => \$keep_ips);

my @rules = (
    [ 'bearer',   qr/(?i:authorization:\s*bearer\s+)\K[A-Za-z0-9._\-~+\/]+=*/ ],
    [ 'aws-key',  qr/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ ],
    [ 'gh-token', qr/\bgh[pousr]_[A-Za-z0-9]{36,}\b/ ],
    [ 'sk-key',   qr/\bsk-[A-Za-z0-9_\-]{20,}\b/ ],
    [ 'url-pass', qr{(?<=://)[^/\s:@]+:\K[^@\s/]+(?=@)} ],
    [ 'kv-secret', qr/(?i:\b(?:password|passwd|secret|token|api_key)\b\s*[=:]\s*)\K\S+/ ],
    [ 'email',    qr/\b[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}\b/ ],
);
push @rules, [ 'ip', qr/\b(?:\d{1,3}\.){3}\d{1,3}\b/ ] unless $keep_ips;

my %count;
while (my $line = <>) {
    for my $r (@rules) {
        my ($kind, $rx) = @$r;
        $count{$kind} += ($line =~ s/$rx/[REDACTED:$kind]/g) || 0;
    }
    print $line;
}
print STDERR join(', ', map { "$_=$count{$_}" } sort keys %count), "\n";
