#!/usr/bin/env perl
use strict;
use warnings;
use Digest::SHA qw(sha256_hex);
use Getopt::Long;

my $salt = '';
GetOptions('salt=s' => \$salt) or die "usage: anon.pl --salt S FILE\n";
die "a --salt is required\n" unless length $salt;

while (my $line = <>) {
    # combined log format: ip ident user [time] "req" status size "ref" "ua"
    if ($line =~ /^(\S+) (\S+) (\S+) (\[[^\]]+\]) "(\S+) (\S+) ([^"]+)" (.*)$/) {
        my ($ip, $ident, $user, $ts, $method, $path, $proto, $rest) = ($1, $2, $3, $4, $5, $6, $7, $8);
        $ip =~ s/^(\d+\.\d+\.\d+)\.\d+$/$1.0/;
        $ip =~ s/^([0-9a-f]+:[0-9a-f]+:[0-9a-f]+):.*$/$1::/i;
        $user = substr(sha256_hex($salt . $user), 0, 12) unless $user eq '-';
        $path =~ s/\?.*$//;
        print qq($ip $ident $user $ts "$method $path $proto" $rest\n);
    } else {
        print $line;
    }
}
