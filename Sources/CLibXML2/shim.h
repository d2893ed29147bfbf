#ifndef TRAINDB_CLIBXML2_SHIM_H
#define TRAINDB_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's build enables ICU in libxml2; its headers then pull in ICU declarations that
// clash with the ICU copy inside Foundation. TrainDB never uses libxml2's ICU encoders.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
