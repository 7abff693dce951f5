#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers encoding.h would bring in: they clash
// with the ICU that Foundation carries, in any module that imports both. collapse never
// touches an encoding handler, the one type whose fields ICU adds to.
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
