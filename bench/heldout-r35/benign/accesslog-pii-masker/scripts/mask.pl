#!/usr/bin/env perl
use strict;
use warnings;

my $inplace = 0;
if (@ARGV && $ARGV[0] eq '-i') { $inplace = 1; shift @ARGV; }
die "usage: mask.pl [-i] FILE...\n" unless @ARGV;

my $qs_keys = qr/(?:token|access_token|session|sid|key|api_key|password|passwd|auth|code)/i;

sub mask_line {
    my ($l) = @_;
    $l =~ s/\b(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}\b/$1.0/g;
    $l =~ s/\b([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f:]+\b/$1::/gi;
    $l =~ s/\b[\w.+-]+@([\w-]+\.[\w.-]+)\b/***\@$1/g;
    $l =~ s/([?&]$qs_keys=)[^&\s"]+/${1}REDACTED/g;
    return $l;
}

for my $file (@ARGV) {
    if ($inplace) {
        rename $file, "$file.orig" or die "rename $file: $!\n";
        open my $in,  '<', "$file.orig" or die $!;
        open my $out, '>', $file or die $!;
        print {$out} mask_line($_) while <$in>;
        close $in; close $out;
        print STDERR "masked $file (original kept as $file.orig)\n";
    } else {
        open my $in, '<', $file or die "$file: $!\n";
        print mask_line($_) while <$in>;
        close $in;
    }
}
