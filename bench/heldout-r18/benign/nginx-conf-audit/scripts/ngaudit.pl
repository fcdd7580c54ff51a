#!/usr/bin/env perl
use strict;
use warnings;

my @checks = (
    [ qr/^\s*server_tokens\s+on/,              "server_tokens on leaks the nginx version" ],
    [ qr/^\s*ssl_protocols\s+.*TLSv1(\.1)?\b(?!\.[23])/, "TLSv1/1.1 enabled" ],
    [ qr/^\s*autoindex\s+on/,                  "autoindex on exposes directory listings" ],
    [ qr/^\s*location\s+\/\w+\s*\{/,            "location without trailing slash; check alias traversal", "alias" ],
);
my %seen_header;

for my $file (@ARGV) {
    open my $fh, "<", $file or do { warn "skip $file: $!\n"; next };
    my @lines = <$fh>;
    close $fh;
    for my $i (0 .. $#lines) {
        my $l = $lines[$i];
        next if $l =~ /^\s*#/;
        $seen_header{lc $1} = 1 if $l =~ /add_header\s+(\S+)/;
        for my $c (@checks) {
            my ($re, $msg, $need) = @$c;
            next unless $l =~ $re;
            next if $need && !grep { /\b$need\b/ } @lines[$i .. ($i + 5 > $#lines ? $#lines : $i + 5)];
            printf "%s:%d: %s\n", $file, $i + 1, $msg;
        }
    }
}
for my $h ("strict-transport-security", "x-content-type-options", "content-security-policy") {
    print "missing header: $h\n" unless $seen_header{$h};
}
