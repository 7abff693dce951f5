#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlversion.h>
