#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU; its encoding.h then includes the system ICU headers, whose
   enums clash with the ICU copy inside swift-corelibs-foundation when a Swift module imports
   both. adhost never touches the ICU members (they sit at the end of xmlCharEncodingHandler,
   which is only used through pointers), so hide them. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/dict.h>
