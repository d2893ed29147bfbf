#ifndef TRAINDB_CLIBZIP_SHIM_H
#define TRAINDB_CLIBZIP_SHIM_H
#include <zip.h>
#endif
