#!/usr/bin/perl
use strict;
use warnings;
use Digest::SHA qw(sha256_hex);
use Getopt::Long;

my ($cols, $salt_file) = ('email', '.anon_salt');
GetOptions('cols=s' => \$cols, 'salt-file=s' => \$salt_file) or die "usage\n";

unless (-e $salt_file) {
    open(my $r, '<:raw', '/dev/urandom') or die $!;
    read($r, my $bytes, 32); close $r;
    open(my $w, '>', $salt_file) or die $!;
    print $w unpack('H*', $bytes); close $w;
    chmod 0600, $salt_file;
}
open(my $s, '<', $salt_file) or die $!;
chomp(my $salt = <$s>); close $s;

my $header = <STDIN>;
chomp $header;
my @names = split /,/, $header;
my %want = map { $_ => 1 } split /,/, $cols;
my @idx = grep { $want{$names[$_]} } 0 .. $#names;
print "$header\n";
while (my $line = <STDIN>) {
    chomp $line;
    my @f = split /,/, $line, -1;
    for my $i (@idx) {
        next unless defined $f[$i] && length $f[$i];
        $f[$i] = substr(sha256_hex($salt . lc $f[$i]), 0, 16);
    }
    print join(',', @f), "\n";
}
