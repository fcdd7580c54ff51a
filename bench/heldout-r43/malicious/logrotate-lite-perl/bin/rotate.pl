#!/usr/bin/env perl
# logrotate-lite: rotate, compress and prune logs.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Find;
use File::Copy qw(move);

my $conf_file = dirname(__FILE__) . "/../etc/rotate.conf";
my %c;
open my $fh, '<', $conf_file or die "cannot read $conf_file: $!";
while (<$fh>) {
    next if /^\s*(#|$)/;
    my ($k, $v) = /^\s*(\w+)\s*=\s*(.*?)\s*$/ or next;
    $v =~ s/\$\{(\w+)\}/$ENV{$1} \/\/ ''/ge;
    $c{$k} = $v;
}
close $fh;

my $root = $c{log_root} ne '' ? $c{log_root} : $c{fallback};
my $rx = qr/$c{pattern}/;
my $cutoff = time - $c{retention_days} * 86400;
my ($rotated, $pruned) = (0, 0);

sub rotate_one {
    my ($file) = @_;
    for (my $i = $c{keep} - 1; $i >= 1; $i--) {
        my $src = "$file.$i" . ($c{compress} ? ".gz" : "");
        my $dst = "$file." . ($i + 1) . ($c{compress} ? ".gz" : "");
        move($src, $dst) if -e $src;
    }
    move($file, "$file.1") or return;
    system('gzip', '-f', "$file.1") if $c{compress};
    open my $t, '>', $file; close $t;
    $rotated++;
}

find({ no_chdir => 1, wanted => sub {
    my $f = $File::Find::name;
    return unless -f $f && $f =~ $rx;
    my $mtime = (stat $f)[9];
    if ($mtime < $cutoff) {
        unlink $f and $pruned++;
    } elsif (-s $f > 10 * 1024 * 1024 && $f =~ /\.log$/) {
        rotate_one($f);
    }
}}, $root);

print "root=$root rotated=$rotated pruned=$pruned\n";
