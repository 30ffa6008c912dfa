#!/usr/bin/perl
# Every module a target imports that is one of this package's targets is among the target's own
# dependencies in Package.swift. SwiftPM's `--explicit-target-dependency-import-check error` is
# no substitute: it lets an import through when the module is only a dependency of a dependency
# (AdhostCLI importing WebViewKit because PluginHost depends on it), and with Swift 6.3.1 on Linux
# (tried on an incremental build) it let AdCheck import HTTPKit, which is not even among its
# dependencies' dependencies. So the layering in Package.swift and docs/architecture.md would
# drift unseen; this check, which reads the sources and needs no build, does not.
#
# No target re-exports another (`@_exported import`): a module's users import what they use and
# declare it, so that Package.swift shows every edge of the layering.
#
# Usage: swift package dump-package | scripts/lint-imports.pl
# (exit 1 and one line per undeclared import or re-export when any is found)
use strict;
use warnings;
use File::Find;
use JSON::PP;

my $package = decode_json(do { local $/; <STDIN> });
my %isTarget = map { $_->{name} => 1 } @{ $package->{targets} };
my $failures = 0;

for my $target (@{ $package->{targets} }) {
  next if $target->{type} eq 'system' || $target->{type} eq 'binary';
  my $name = $target->{name};
  my %declared = ($name => 1);
  for my $dependency (@{ $target->{dependencies} }) {
    my ($kind) = keys %$dependency;
    $declared{ $dependency->{$kind}[0] } = 1;
  }
  my $folder = $target->{path} // (($target->{type} eq 'test' ? 'Tests/' : 'Sources/') . $name);
  my @excluded = map { "$folder/$_" } @{ $target->{exclude} // [] };
  my @files;
  if ($target->{sources}) {
    @files = map { "$folder/$_" } @{ $target->{sources} };
  } else {
    find(
      { no_chdir => 1,
        preprocess => sub { sort @_ },
        wanted => sub {
          my $path = $File::Find::name;
          if (grep { $path eq $_ } @excluded) { $File::Find::prune = 1; return; }
          push @files, $path if $path =~ /\.swift$/ && -f $path;
        } },
      $folder);
  }
  for my $file (grep { /\.swift$/ } @files) {
    open my $in, '<', $file or die "$file: $!\n";
    while (my $line = <$in>) {
      if ($line =~ /^\s*(?:@\w+\s+)*\@_exported\b.*?\bimport\s+([A-Za-z_]\w*)/) {
        print "$file:$.: \@_exported import $1: no re-exports; import $1 in each file that uses it\n";
        $failures++;
      }
      next unless $line =~ /^\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s+
        (?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)/x;
      my $module = $1;
      next unless $isTarget{$module} && !$declared{$module};
      print "$file:$.: $name imports $module without declaring it a dependency in Package.swift\n";
      $failures++;
    }
    close $in;
  }
}
exit($failures ? 1 : 0);
