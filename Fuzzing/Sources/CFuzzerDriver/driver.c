// Only declarations live in this module (the header); libFuzzer itself comes with
// `-sanitize=fuzzer`. SwiftPM needs one source file to make it a target.
#include "cfuzzerdriver.h"
