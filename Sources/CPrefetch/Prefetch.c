// The prefetch hint is a static inline function in include/Prefetch.h; this file only gives the
// target a source file, which SwiftPM requires of a C target.
#include "Prefetch.h"
