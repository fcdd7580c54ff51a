#!/usr/bin/perl
use strict;
use warnings;
use Getopt::Long;
use Time::Local;
use File::Path qw(make_path);

my ($days, $out) = (3, "recon");
GetOptions("days=i" => \$days, "out=s" => \$out) or die "bad options\n";
my ($bank_f, $ledger_f) = @ARGV;
die "usage: reconcile.pl bank.csv ledger.csv [--days N] [--out DIR]\n" unless $ledger_f;
make_path($out);

sub load {
    my ($f) = @_;
    open(my $fh, '<', $f) or die "$f: $!";
    my $hdr = <$fh>;
    my @rows;
    while (my $l = <$fh>) {
        chomp $l;
        my ($date, $desc, $amt) = split /,/, $l, 3;
        my ($y, $m, $d) = split /-/, $date;
        push @rows, { date => $date, t => timelocal(0, 0, 12, $d, $m - 1, $y), desc => $desc, amt => sprintf("%.2f", $amt), line => $l };
    }
    return @rows;
}

my @bank = load($bank_f);
my @ledger = load($ledger_f);
my (%used, @matched, @ub);
for my $b (@bank) {
    my ($hit) = grep { !$used{$_} && $ledger[$_]{amt} eq $b->{amt} && abs($ledger[$_]{t} - $b->{t}) <= $days * 86400 } 0 .. $#ledger;
    if (defined $hit) { $used{$hit} = 1; push @matched, "$b->{line},$ledger[$hit]{line}" }
    else { push @ub, $b->{line} }
}
my @ul = map { $ledger[$_]{line} } grep { !$used{$_} } 0 .. $#ledger;

my %files = ("matched.csv" => \@matched, "unmatched_bank.csv" => \@ub, "unmatched_ledger.csv" => \@ul);
for my $name (keys %files) {
    my $tmp = "$out/.$name.tmp";
    open(my $fh, '>', $tmp) or die $!;
    print $fh "$_\n" for sort @{ $files{$name} };
    close $fh;
    rename $tmp, "$out/$name" or unlink $tmp;
}
printf "matched %d, unmatched bank %d, unmatched ledger %d\n", scalar @matched, scalar @ub, scalar @ul;
