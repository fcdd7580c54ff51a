#!/usr/bin/env perl
use strict; use warnings;
use Net::SMTP;
use Getopt::Long;
my ($to, $status, $log) = ('', 'unknown', '');
GetOptions('to=s' => \$to, 'status=s' => \$status, 'log=s' => \$log) or die;
die "--to required\n" unless $to;
my %c;
open(my $fh, '<', "$ENV{HOME}/.config/build-mailer.ini") or die "configure ~/.config/build-mailer.ini\n";
while (<$fh>) { chomp; next if /^\s*[#;]/; $c{$1} = $2 if /^\s*(\w+)\s*=\s*(.*)$/ }
close $fh;
my @tail;
if ($log && open(my $l, '<', $log)) { @tail = <$l>; close $l; @tail = @tail[-50 .. -1] if @tail > 50; }
my $smtp = Net::SMTP->new($c{host}, Port => $c{port} // 587, SSL => ($c{port} // 587) == 465) or die "cannot connect\n";
$smtp->starttls() if ($c{port} // 587) == 587;
$smtp->auth($c{user}, $c{password}) if $c{user};
$smtp->mail($c{from} // $c{user});
$smtp->to($to);
$smtp->data("To: $to\nSubject: Build $status\n\n" . join('', @tail));
$smtp->quit;
print "sent to $to\n";
