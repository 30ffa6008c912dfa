// The model's values (sources, ad inits, events, errors) live in PlayerSeam, which every user of
// AdPlayer also needs; AdPlayer re-exports it so that `import AdPlayer` keeps being enough.
@_exported import PlayerSeam
