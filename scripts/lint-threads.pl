#!/usr/bin/env perl
# Threads in Sources, as docs/architecture.md ("Time and waiting") asks:
# - every NSLock, NSCondition, `@unchecked Sendable` and `nonisolated(unsafe)` has a comment line
#   `// why: …` directly above it, saying why the compiler cannot check it (a Mutex does not fit);
# - every `@exclusivity(unchecked)` property has a `// why: …` comment (one line, or the first of
#   a block of `//` lines) directly above it, or above the run of such properties (and their
#   `///` docs) it belongs to, saying why no two accesses can overlap;
# - every public or open class's `///` doc says on which threads it may be used: "Host thread
#   only.", "Any thread." or "One thread at a time.".
# Usage: perl scripts/lint-threads.pl FILE.swift… ; prints FILE:LINE: problem, exits 1 on any.
use strict;
use warnings;

my $unchecked = qr/\bNSLock\(|\bNSCondition\(|\bNSRecursiveLock\(|\@unchecked\s+Sendable|\bnonisolated\(unsafe\)/;
my $class = qr/^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+)?class\s+(\w+)/;
my $threads = qr/Host thread only[.:]|Any thread[.:]|One thread at a time[.:]/;
my $exclusivity = qr/\@exclusivity\(unchecked\)/;
my $problems = 0;

# Whether the `@exclusivity(unchecked)` property at line $i has its why: walking up over the run
# of such properties and their `///` docs, then over a `//` comment block, whose first line is
# `// why: …`.
sub exclusivity_explained {
  my ($lines, $i) = @_;
  my $j = $i - 1;
  $j-- while $j >= 0 && ($lines->[$j] =~ m{^\s*///} || $lines->[$j] =~ m{^\s*$exclusivity});
  return 0 if $j < 0 || $lines->[$j] !~ m{^\s*//(?!/)};
  $j-- while $j > 0 && $lines->[$j - 1] =~ m{^\s*//(?!/)};
  return $lines->[$j] =~ m{^\s*// why: \S};
}

for my $file (@ARGV) {
  open my $in, '<', $file or die "lint-threads: cannot read $file: $!\n";
  my @lines = <$in>;
  close $in;
  for my $i (0 .. $#lines) {
    my $line = $lines[$i];
    next if $line =~ m{^\s*//};
    (my $code = $line) =~ s{//.*$}{};
    if ($code =~ $unchecked) {
      my $above = $i > 0 ? $lines[$i - 1] : '';
      unless ($above =~ m{^\s*// why: \S}) {
        printf "%s:%d: say why the compiler cannot check this, in a `// why: …` line directly above\n",
          $file, $i + 1;
        $problems++;
      }
    }
    if ($code =~ $exclusivity && !exclusivity_explained(\@lines, $i)) {
      printf "%s:%d: say why no two accesses can overlap, in a `// why: …` comment directly above this property or its run of them\n",
        $file, $i + 1;
      $problems++;
    }
    if ($code =~ $class) {
      my $name = $1;
      my @doc;
      for (my $j = $i - 1; $j >= 0; $j--) {
        my $above = $lines[$j];
        if ($above =~ m{^\s*///\s?(.*)$}) { unshift @doc, $1; next; }
        next if $above =~ m{^\s*// why: } || $above =~ m{^\s*@};
        last;
      }
      unless (join(' ', @doc) =~ $threads) {
        printf "%s:%d: the doc of %s must say \"Host thread only.\", \"Any thread.\" or \"One thread at a time.\"\n",
          $file, $i + 1, $name;
        $problems++;
      }
    }
  }
}
exit($problems ? 1 : 0);
