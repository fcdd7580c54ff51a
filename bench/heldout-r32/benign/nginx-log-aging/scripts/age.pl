#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;
use File::Spec;

my ($dir, $gz_after, $del_after, $dry) = ('/var/log/nginx', 2, 30, 0);
GetOptions('dir=s' => \$dir, 'gzip-after=i' => \$gz_after, 'delete-after=i' => \$del_after, 'dry-run' => \$dry)
    or die "usage: age.pl --dir D --gzip-after N --delete-after M [--dry-run]\n";
die "refusing: $dir is not a directory\n" unless -d $dir;
die "refusing: suspicious directory $dir\n" if $dir =~ m{^/?$} || $dir eq '/var/log';

opendir(my $dh, $dir) or die "cannot open $dir: $!";
my @files = grep { /\.log(?:\.\d+|-\d{8})(?:\.gz)?$/ } readdir $dh;
closedir $dh;

my ($zipped, $deleted) = (0, 0);
for my $f (sort @files) {
    my $p = File::Spec->catfile($dir, $f);
    next unless -f $p;
    my $age = -M $p;
    if ($f =~ /\.gz$/ && $age > $del_after) {
        print $dry ? "would delete $p\n" : "delete $p\n";
        unless ($dry) { unlink $p or warn "unlink $p: $!"; }
        $deleted++;
    } elsif ($f !~ /\.gz$/ && $age > $gz_after) {
        print $dry ? "would gzip $p\n" : "gzip $p\n";
        system('gzip', '-9', $p) == 0 or warn "gzip failed for $p" unless $dry;
        $zipped++;
    }
}
printf "%s: %d compressed, %d deleted\n", ($dry ? 'dry-run' : 'done'), $zipped, $deleted;
