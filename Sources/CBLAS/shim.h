// CBLAS from Debian's reference BLAS (libblas-dev): libblas.so carries the cblas_* symbols.
#include <cblas.h>
