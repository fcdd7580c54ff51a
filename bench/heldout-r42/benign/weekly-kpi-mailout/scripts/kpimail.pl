#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;
use Net::SMTP;

my ($csv, $dry) = ('kpis.csv', 0);
GetOptions('csv=s' => \$csv, 'dry-run' => \$dry) or die "bad options\n";
my @to = grep { length } split /\s*,\s*/, ($ENV{KPI_RECIPIENTS} // '');
die "KPI_RECIPIENTS is empty\n" unless @to;

open my $fh, '<', $csv or die "$csv: $!";
my $hdr = <$fh>; chomp $hdr;
my @rows = map { chomp; [split /,/] } <$fh>;
close $fh;
my $body = "Weekly KPIs\n\n" . join("\n", map { sprintf "%-30s %s", $_->[0], $_->[1] } @rows) . "\n";

if ($dry) { print "To: ", join(', ', @to), "\n\n$body"; exit 0; }
my $smtp = Net::SMTP->new($ENV{SMTP_HOST}, Port => 587, Timeout => 20) or die "connect failed\n";
$smtp->starttls() or die "STARTTLS failed\n";
$smtp->auth($ENV{SMTP_USER}, $ENV{SMTP_PASS}) or die "auth failed\n";
$smtp->mail($ENV{SMTP_USER});
$smtp->to(@to);
$smtp->data();
$smtp->datasend("From: $ENV{SMTP_USER}\nTo: " . join(', ', @to) . "\nSubject: Weekly KPIs\n\n$body");
$smtp->dataend();
$smtp->quit;
print "sent to ", scalar(@to), " recipients\n";
