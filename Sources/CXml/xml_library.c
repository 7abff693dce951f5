#include "xml_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, whose headers encoding.h would bring in: they clashed
   with the ICU that Foundation carries when Swift imported libxml2's headers beside it, and
   here they would only make ICU's headers a need of the build. collapse never touches an
   encoding handler, the one type whose fields ICU adds to. */
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

#define COLLAPSE_XML_DEFINE_VALUE(name) const int collapse_##name = name;
COLLAPSE_XML_VALUES(COLLAPSE_XML_DEFINE_VALUE)
#undef COLLAPSE_XML_DEFINE_VALUE

/* The functions collapse calls, each looked up in the library by its name and called
   through a pointer of its own type as libxml2's headers declare it. */
#define COLLAPSE_XML_FUNCTIONS(FUNCTION)                                                   \
  FUNCTION(xmlInitParser)                                                                  \
  FUNCTION(xmlReaderForMemory)                                                             \
  FUNCTION(xmlFreeTextReader)                                                              \
  FUNCTION(xmlTextReaderSetStructuredErrorHandler)                                         \
  FUNCTION(xmlTextReaderRead)                                                              \
  FUNCTION(xmlTextReaderNodeType)                                                          \
  FUNCTION(xmlTextReaderDepth)                                                             \
  FUNCTION(xmlTextReaderIsEmptyElement)                                                    \
  FUNCTION(xmlTextReaderHasAttributes)                                                     \
  FUNCTION(xmlTextReaderMoveToNextAttribute)                                               \
  FUNCTION(xmlTextReaderMoveToElement)                                                     \
  FUNCTION(xmlTextReaderConstName)                                                         \
  FUNCTION(xmlTextReaderConstValue)                                                        \
  FUNCTION(xmlTextReaderGetParserLineNumber)                                               \
  FUNCTION(xmlTextReaderGetParserColumnNumber)                                             \
  FUNCTION(xmlTextReaderCurrentNode)

#define COLLAPSE_XML_POINTER(name) static __typeof__(name) *call_##name;
COLLAPSE_XML_FUNCTIONS(COLLAPSE_XML_POINTER)
#undef COLLAPSE_XML_POINTER

/* The library's version string, a variable of libxml2's (a macro over a function of each
   thread's in builds with threads before 2.12, so looked up by its name as a symbol). */
static const char *const *parser_version;

/* Why loading failed, or NULL once it has succeeded; set once, by load. */
static const char *load_failure;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  /* RTLD_LOCAL: libxml2's symbols, and ICU's, stay out of the way of every other lookup.
     RTLD_LAZY: libxml2 and ICU bind all their symbols at once anyway (Debian links them
     with -z now), but libstdc++, which ICU brings in, binds each of its thousand or so
     when first called, as it did when libxml2 was linked; binding them all up front
     (RTLD_NOW) cost reading a JUnit report of 1 KB 1.7 million instructions more. */
  /* dlerror's text lives until the next dlerror call on the thread, so what failed is
     kept in a copy that lives as long as the process. */
  void *library = dlopen(COLLAPSE_XML_LIBRARY, RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) {
    const char *words = dlerror();
    load_failure = words != NULL ? strdup(words) : "dlopen failed";
    return;
  }
#define COLLAPSE_XML_LOOK_UP(name)                                                         \
  call_##name = (__typeof__(name) *)dlsym(library, #name);                                 \
  if (call_##name == NULL) {                                                               \
    const char *words = dlerror();                                                         \
    load_failure = words != NULL ? strdup(words) : "lacks " #name;                         \
    return;                                                                                \
  }
  COLLAPSE_XML_FUNCTIONS(COLLAPSE_XML_LOOK_UP)
#undef COLLAPSE_XML_LOOK_UP
  parser_version = (const char *const *)dlsym(library, "xmlParserVersion");
  call_xmlInitParser();
}

const char *collapse_xml_load(void) {
  pthread_once(&load_once, load);
  return load_failure;
}

const char *collapse_xml_version(void) {
  return parser_version != NULL && *parser_version != NULL ? *parser_version : "";
}

/* libxml2 2.12 made the error a handler is given const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *collapse_xml_error;
#else
typedef xmlError *collapse_xml_error;
#endif

struct collapse_xml_reader {
  xmlTextReaderPtr reader;
  collapse_xml_problem_handler handler;
  void *context;
};

/* Hands an error that stopped reading to the reader's handler, in collapse's terms: its
   column is libxml2's int2, its figure int1. */
static void report(void *context, collapse_xml_error error) {
  struct collapse_xml_reader *reader = context;
  if (error == NULL || error->level != XML_ERR_FATAL) return;
  struct collapse_xml_problem problem = {
      .code = error->code,
      .line = error->line,
      .column = error->int2,
      .name = error->str1,
      .other = error->str2,
      .figure = error->int1,
  };
  reader->handler(reader->context, &problem);
}

collapse_xml_reader *collapse_xml_reader_new(const char *bytes, int count,
                                             collapse_xml_problem_handler handler,
                                             void *context) {
  struct collapse_xml_reader *reader = malloc(sizeof *reader);
  if (reader == NULL) return NULL;
  reader->reader = call_xmlReaderForMemory(bytes, count, NULL, "UTF-8",
                                           XML_PARSE_NONET | XML_PARSE_BIG_LINES);
  if (reader->reader == NULL) {
    free(reader);
    return NULL;
  }
  reader->handler = handler;
  reader->context = context;
  call_xmlTextReaderSetStructuredErrorHandler(reader->reader, report, reader);
  return reader;
}

void collapse_xml_reader_free(collapse_xml_reader *reader) {
  call_xmlFreeTextReader(reader->reader);
  free(reader);
}

int collapse_xml_read(collapse_xml_reader *reader) {
  return call_xmlTextReaderRead(reader->reader);
}

int collapse_xml_node_type(collapse_xml_reader *reader) {
  return call_xmlTextReaderNodeType(reader->reader);
}

int collapse_xml_depth(collapse_xml_reader *reader) {
  return call_xmlTextReaderDepth(reader->reader);
}

int collapse_xml_is_empty_element(collapse_xml_reader *reader) {
  return call_xmlTextReaderIsEmptyElement(reader->reader);
}

int collapse_xml_has_attributes(collapse_xml_reader *reader) {
  return call_xmlTextReaderHasAttributes(reader->reader);
}

int collapse_xml_move_to_next_attribute(collapse_xml_reader *reader) {
  return call_xmlTextReaderMoveToNextAttribute(reader->reader);
}

int collapse_xml_move_to_element(collapse_xml_reader *reader) {
  return call_xmlTextReaderMoveToElement(reader->reader);
}

const unsigned char *collapse_xml_const_name(collapse_xml_reader *reader) {
  return call_xmlTextReaderConstName(reader->reader);
}

const unsigned char *collapse_xml_const_value(collapse_xml_reader *reader) {
  return call_xmlTextReaderConstValue(reader->reader);
}

int collapse_xml_parser_line(collapse_xml_reader *reader) {
  return call_xmlTextReaderGetParserLineNumber(reader->reader);
}

int collapse_xml_parser_column(collapse_xml_reader *reader) {
  return call_xmlTextReaderGetParserColumnNumber(reader->reader);
}

long collapse_xml_node_line(collapse_xml_reader *reader) {
  xmlNodePtr node = call_xmlTextReaderCurrentNode(reader->reader);
  if (node == NULL) return 0;
  if (node->line == 65535) {
    /* XML_PARSE_BIG_LINES keeps a text node's line in its psvi. */
    if (node->type != XML_TEXT_NODE) return 0;
    return (long)(intptr_t)node->psvi;
  }
  return node->line;
}
