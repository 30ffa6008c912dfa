#!/usr/bin/perl
# Upgrades a recording of format version 1 (docs/http.md, "Recordings made before version 2") to
# version 2 in place: each exchange without `request` gets what its request sent besides its
# method and URL. A GET that sent nothing more — no header a client does not set by itself, no
# body — has nothing more to record: it gets `{}`. Every other exchange needs its request given
# as KEY=JSON (the exchange's `key`, then the `request` object as docs/http.md writes it:
# `{"headers": {…}, "json": …}`); one neither a GET nor given is refused by its key, and nothing
# is written. Bodies, answers, start date and keys are kept as they are.
#
# What the converter cannot see is what a GET sent (a plugin's own headers, --check-media's
# Range): replay the recording's runs afterwards (scripts/compare-logs.sh); a request that sent
# more than its recorded `{}` is listed as unmatched, naming the header.
#
# Usage: scripts/upgrade-recording.pl DIR [KEY=JSON …]
# (exit 0 upgraded or already version 2; 1 an exchange that needs its request; 64 bad usage)
use strict;
use warnings;
use JSON::PP;

my $folder = shift @ARGV;
if (!defined $folder || !-d $folder) {
  print STDERR "usage: $0 DIR [KEY=JSON ...]\n";
  exit 64;
}
my $json = JSON::PP->new->utf8->canonical->pretty->indent_length(2);
my %given;
for my $argument (@ARGV) {
  my ($key, $request) = $argument =~ /^(.+?)=(\{.*\})$/s
    or do { print STDERR "$argument: expected KEY={...}\n"; exit 64 };
  $given{$key} = eval { decode_json($request) }
    or do { print STDERR "$key: the request is not a JSON object: $@"; exit 64 };
}

my $path = "$folder/index.json";
open my $in, '<:raw', $path or die "$path: $!\n";
my $index = decode_json(do { local $/; <$in> });
close $in;
exit 0 if $index->{version} == 2;
die "$path: version $index->{version}: expected 1\n" unless $index->{version} == 1;

my @missing;
for my $exchange (@{ $index->{exchanges} }) {
  next if exists $exchange->{request};
  if (exists $given{ $exchange->{key} }) {
    $exchange->{request} = $given{ $exchange->{key} };
  } elsif ($exchange->{method} eq 'GET') {
    $exchange->{request} = {};
  } else {
    push @missing, $exchange->{key};
  }
}
if (@missing) {
  print "$path: $_: not a GET; give what it sent as KEY=JSON\n" for @missing;
  exit 1;
}
$index->{version} = 2;
open my $out, '>:raw', "$path.upgrading" or die "$path.upgrading: $!\n";
print $out $json->encode($index);
close $out or die "$path.upgrading: $!\n";
rename "$path.upgrading", $path or die "$path: $!\n";
