// The SCTE-35 values and binary decoder live in SCTE35Kit, which the media readers share;
// DASHKit re-exports it so that `import DASHKit` keeps being enough for its Events' signals.
@_exported import SCTE35Kit
