#!/usr/bin/env perl
use strict;
use warnings;

my $inplace = @ARGV && $ARGV[0] eq '-i' ? shift @ARGV : undef;
$^I = '.orig' if $inplace;

my %map;
my %n;
sub tag {
    my ($kind, $val) = @_;
    return $map{"$kind\0$val"} //= '<' . $kind . '-' . ++$n{$kind} . '>';
}

while (my $l = <>) {
    $l =~ s/\b([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})\b/tag('email', $1)/ge;
    $l =~ s/(Bearer\s+)[A-Za-z0-9._~+\/-]+=*/$1 . tag('token', 'x')/ge;
    $l =~ s/\b((?:\d{1,3}\.){3}\d{1,3})\b/tag('ip', $1)/ge;
    $l =~ s/\b([0-9a-f]{1,4}(?::[0-9a-f]{0,4}){2,7})\b/tag('ip6', $1)/gie;
    $l =~ s/\b(\d[ -]?){13,16}\b/tag('card', $&)/ge;
    $l =~ s/(\+?\d{1,3}[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}\b/tag('phone', $&)/ge;
    print $l;
}
print STDERR "redacted: ", join(', ', map { "$_=$n{$_}" } sort keys %n), "\n";
