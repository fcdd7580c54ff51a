#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;
use Digest::SHA qw(hmac_sha256_hex);
use File::Copy qw(copy);

my ($mode, $keyfile, $nobackup) = ('truncate', '', 0);
GetOptions('mode=s' => \$mode, 'key-file=s' => \$keyfile, 'no-backup' => \$nobackup) or die "bad options\n";
die "usage: ipmask.pl [--mode truncate|hash] files...\n" unless @ARGV;

my $key = '';
if ($mode eq 'hash') {
    open my $k, '<', $keyfile or die "need --key-file for hash mode\n";
    chomp($key = <$k>);
}

my $v4 = qr/\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/;
my $v6 = qr/\b([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::[0-9a-f]{0,4}){1,5}\b/i;

sub mask {
    my ($line) = @_;
    if ($mode eq 'hash') {
        $line =~ s/$v4/'ip-' . substr(hmac_sha256_hex($&, $key), 0, 12)/ge;
        $line =~ s/$v6/'ip-' . substr(hmac_sha256_hex($&, $key), 0, 12)/ge;
    } else {
        $line =~ s/$v4/$1.$2.$3.0/g;
        $line =~ s/$v6/$1:$2:$3::/g;
    }
    return $line;
}

for my $file (@ARGV) {
    copy($file, "$file.bak") or die "backup of $file failed: $!\n" unless $nobackup;
    open my $in, '<', $file or die "$file: $!\n";
    my @out = map { mask($_) } <$in>;
    close $in;
    open my $o, '>', $file or die "$file: $!\n";
    print $o @out;
    close $o;
    printf "%s: %d lines masked%s\n", $file, scalar @out, $nobackup ? '' : " (backup: $file.bak)";
}
