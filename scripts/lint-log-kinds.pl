#!/usr/bin/env perl
# The run log's entry kinds are one closed vocabulary, `LogKind` (Sources/PlayerSeam/LogKind.swift,
# docs/player.md "Event log"): code recognises an entry by its case, never by a string. Refuses,
# in the Swift files given (Sources), a kind's name compared or switched on as a string
# (`kind.rawValue == "adbegin"`, `LogKind(rawValue: "beacon")`, `switch entry.kind.rawValue`),
# and a web view event type that is not a kind (a `WebViewEvent("…"` literal in
# Sources/WebViewKit, besides the helper's own protocol in HelperProcess.swift and
# HelperAnswers.swift): PluginWebView would not log it. Exit 1 with each offence as
# `file:line: what`.
use strict;
use warnings;

my $vocabulary = 'Sources/PlayerSeam/LogKind.swift';
open(my $kinds_file, '<', $vocabulary) or die "lint-log-kinds: cannot read $vocabulary: $!\n";
my %kinds;
while (my $line = <$kinds_file>) {
  next if $line =~ m{^\s*///};
  if ($line =~ /^\s*case\s+\w+\s*=\s*"([^"]+)"/) {
    $kinds{$1} = 1;
  } elsif ($line =~ /^\s*case\s+([\w\s,]+?)\s*$/) {
    $kinds{$_} = 1 for grep { length } split /\s*,\s*/, $1;
  }
}
close $kinds_file;
die "lint-log-kinds: no kinds read from $vocabulary\n" unless %kinds;

my @offences;
for my $file (@ARGV) {
  next if $file =~ m{^Sources/PlayerSeam/LogKind[^/]*\.swift$};
  open(my $in, '<', $file) or die "lint-log-kinds: cannot read $file: $!\n";
  my $text = do { local $/; <$in> };
  close $in;
  my @lines = split /\n/, $text, -1;
  for my $index (0 .. $#lines) {
    my $line = $lines[$index];
    next if $line =~ m{^\s*//};
    my $where = "$file:" . ($index + 1);
    if ($line =~ /kind\.rawValue\s*[!=]=\s*"|"\s*[!=]=\s*[\w.\$]*kind\.rawValue|LogKind\(rawValue:\s*"|switch\s+[\w.\$]*kind\.rawValue/) {
      push @offences, "$where: an entry kind named by a string: use LogKind's case";
    }
  }
  next unless $file =~ m{^Sources/WebViewKit/} && $file !~ m{/Helper(?:Process|Answers)\.swift$};
  while ($text =~ /WebViewEvent\(\s*"([^"]*)"/g) {
    my $name = $1;
    next if $kinds{$name};
    my $line = 1 + (() = substr($text, 0, $-[0]) =~ /\n/g);
    push @offences, "$file:$line: web view event \"$name\" is not a LogKind: add it to $vocabulary";
  }
}
if (@offences) {
  print STDERR "lint: $_\n" for @offences;
  exit 1;
}
