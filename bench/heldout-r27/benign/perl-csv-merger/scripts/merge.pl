#!/usr/bin/env perl
use strict; use warnings;
use Getopt::Long;
my $key = 'id';
GetOptions('key=s' => \$key) or die "usage: merge.pl --key COL files...\n";
sub split_csv { my $l = shift; my @f; while ($l =~ /\G(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/g) { my $v = defined $1 ? $1 : $2; $v =~ s/""/"/g; push @f, $v; last if pos($l) >= length $l; } return @f; }
my (%rows, @cols, %seen);
for my $file (@ARGV) {
  open my $fh, '<', $file or die "$file: $!";
  chomp(my $h = <$fh>); my @hdr = split_csv($h);
  push @cols, grep { !$seen{$_}++ } @hdr;
  while (my $l = <$fh>) { chomp $l; my %r; @r{@hdr} = split_csv($l); $rows{$r{$key}}{$_} = $r{$_} for @hdr; }
}
print join(',', @cols), "\n";
for my $k (sort keys %rows) { print join(',', map { my $v = $rows{$k}{$_} // ''; $v =~ /[,"]/ ? '"' . ($v =~ s/"/""/gr) . '"' : $v } @cols), "\n"; }
