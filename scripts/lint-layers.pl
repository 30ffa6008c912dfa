#!/usr/bin/perl
# The table of modules in docs/architecture.md ("## Modules": module, layer, may import, runs on)
# is Package.swift's: every target that is not a test target is a row, its "may import" cell
# lists exactly the dependencies its target declares, and each of them is of the row's layer or
# one below (dependencies go downward; inside a layer only as listed). With
# scripts/lint-imports.pl (every import a declared dependency) the imports match the page.
#
# A row or an import marked "(Linux)" may be missing where Package.swift leaves it out (macOS).
#
# Usage: swift package dump-package | scripts/lint-layers.pl docs/architecture.md
# (exit 1 and one line per difference when any is found)
use strict;
use warnings;
use JSON::PP;

my $page = shift @ARGV or die "usage: swift package dump-package | $0 docs/architecture.md\n";
my $package = decode_json(do { local $/; <STDIN> });

open my $in, '<', $page or die "$page: $!\n";
my (%layer, %allowed, %rowLine, %linuxOnly, %linuxImport);
my $inSection = 0;
while (my $line = <$in>) {
  if ($line =~ /^## /) { $inSection = $line =~ /^## Modules\s*$/; next; }
  next unless $inSection && $line =~ /^\|\s*`(\w[\w-]*)`([^|]*)\|\s*(\d)\s*\|([^|]*)\|/;
  my ($module, $note, $level, $imports) = ($1, $2, $3, $4);
  $linuxOnly{$module} = 1 if $note =~ /\(Linux\)/;
  $linuxImport{$module}{$_} = 1 for ($imports =~ /`(\w[\w-]*)`\s*\(Linux\)/g);
  print "$page:$.: $module has a second row (first on line $rowLine{$module})\n" and $layer{__bad}++
    if exists $rowLine{$module};
  $layer{$module} = $level;
  $rowLine{$module} = $.;
  $allowed{$module} = { map { $_ => 1 } ($imports =~ /`(\w[\w-]*)`/g) };
}
close $in;
my $failures = delete $layer{__bad} // 0;
die "$page: no \"## Modules\" table (| `Module` | layer | may import | runs on |)\n" unless %layer;

my %isTarget;
for my $target (@{ $package->{targets} }) {
  next if $target->{type} eq 'test';
  my $name = $target->{name};
  $isTarget{$name} = 1;
  unless (exists $layer{$name}) {
    print "$page: Package.swift's target $name has no row in the Modules table\n";
    $failures++;
    next;
  }
  my %declared;
  for my $dependency (@{ $target->{dependencies} }) {
    my ($kind) = keys %$dependency;
    $declared{ $dependency->{$kind}[0] } = 1;
  }
  for my $dependency (sort keys %declared) {
    if (!$allowed{$name}{$dependency}) {
      print "$page:$rowLine{$name}: $name depends on $dependency in Package.swift; the table does not list it\n";
      $failures++;
    } elsif (exists $layer{$dependency} && $layer{$dependency} > $layer{$name}) {
      print "$page:$rowLine{$name}: $name (layer $layer{$name}) depends on $dependency (layer "
        . "$layer{$dependency}): dependencies go downward\n";
      $failures++;
    }
  }
  for my $listed (sort keys %{ $allowed{$name} }) {
    next if $declared{$listed} || ($^O ne 'linux' && $linuxImport{$name}{$listed});
    print "$page:$rowLine{$name}: the table lets $name import $listed; Package.swift does not declare it\n";
    $failures++;
  }
}
for my $module (sort keys %layer) {
  next if $isTarget{$module};
  print "$page:$rowLine{$module}: $module is in the Modules table but is no target of Package.swift\n";
  $failures++;
}
exit($failures ? 1 : 0);
