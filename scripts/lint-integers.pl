#!/usr/bin/perl
# Finds integer conversions in Swift sources that may trap: `Int(x)`, `Int64(x)`, `UInt8(x)`, …
# without an argument label. Swift's `Int(someDouble)` kills the process on NaN, an infinity or a
# value out of range, and an integer-to-integer one on a value out of range; numbers read from Lua,
# JSON, VAST or HLS must go through CheckedNumbers instead:
#   Int(checking: value, rounding: rule, in: range)   throws IntegerConversionError
#   Int.checked(value, rounding: rule, in: range)     nil instead
# Labeled initialisers pass (`Int(checking:)`, `Int(exactly:)`, `Int(clamping:)`,
# `Int(truncatingIfNeeded:)`, `UInt8(ascii:)`, …): the label says what happens out of range.
#
# Allow-list: scripts/lint-integers.allow, one reviewed conversion a line,
#   PATH | CALL | WHY IT CANNOT TRAP
# CALL is the call's exact text (`Int32(index)`); it allows that call anywhere in PATH. Parsing
# text (`Int(someString)` answers nil, never traps) and small integer-to-integer conversions
# (C constants, stack indexes) belong there; a Double never does.
#
# Usage: scripts/lint-integers.pl FILE...   (exit 1 and one line per finding when any is found)
use strict;
use warnings;

my $allowFile = 'scripts/lint-integers.allow';
my %allowed;
open my $allow, '<', $allowFile or die "$allowFile: $!\n";
while (my $line = <$allow>) {
  next if $line =~ /^\s*(#|$)/;
  my ($path, $call, $why) = map { s/^\s+|\s+$//gr } split /\|/, $line, 3;
  die "$allowFile:$.: expected PATH | CALL | WHY\n" unless $path && $call && $why;
  $allowed{"$path|$call"} = 0;
}

my $parens;
$parens = qr/\((?:[^()]++|(??{$parens}))*\)/;
my $found = 0;
my %scanned;
for my $file (@ARGV) {
  $scanned{$file} = 1;
  open my $source, '<', $file or die "$file: $!\n";
  while (my $line = <$source>) {
    next if $line =~ m{^\s*//};
    if ($line =~ /(?<!\w)U?Int(?:8|16|32|64)?\(\s*$/) {
      print "$file:$.: an integer conversion split over lines: keep its argument on one line\n";
      $found = 1;
    }
    while ($line =~ /(?<!\w)(U?Int(?:8|16|32|64)?)($parens)/g) {
      my $call = "$1$2";
      next if $2 =~ /^\(\s*[A-Za-z_]\w*\s*:/;
      if (exists $allowed{"$file|$call"}) { $allowed{"$file|$call"}++; next; }
      print "$file:$.: $call may trap: use CheckedNumbers (Int(checking:) or Int.checked) "
        . "or, for text or a small integer, add it to $allowFile\n";
      $found = 1;
    }
  }
}
for my $key (sort grep { $allowed{$_} == 0 } keys %allowed) {
  my ($path, $call) = split /\|/, $key, 2;
  next unless $scanned{$path};
  print "$allowFile: $call in $path is no longer there: remove the line\n";
  $found = 1;
}
exit $found;
