// The helpers are static inline functions in include/; this file only gives the target a source
// file, which SwiftPM requires of a C target.
#include "Prefetch.h"
#include "Transpose.h"
