#ifndef COLLAPSE_XML_LIBRARY_H
#define COLLAPSE_XML_LIBRARY_H

/*
 * libxml2, loaded the first time XML is read, never linked.
 *
 * Debian's libxml2 links ICU (libicuuc, libicudata, and through them libstdc++) and
 * liblzma. Mapping them, relocating them and running their static initialisers cost
 * every run of collapse about 3.6 million instructions, more than everything else an
 * empty Markdown file costs (about 3.0 million): a run that reads no XML paid twice
 * for nothing. So the library is opened with dlopen by its soname (the runtime package's
 * file; the development package's libxml2.so link is not needed) when a reader first
 * asks, once per process, on whichever thread asks first, and what collapse calls is
 * looked up in it then.
 *
 * This header is what Swift sees: it names no libxml2 type, so that OutlineKit needs no
 * libxml2 headers to build against it. xml_library.c, compiled against libxml2's own
 * headers, makes libxml2's functions' types its own and fills in libxml2's values below.
 */

/* The file dlopen is given: the soname of libxml2 2.x. */
#define COLLAPSE_XML_LIBRARY "libxml2.so.2"

/* Loads libxml2 and readies its parser, the first time it is called in a process; every
   later call, on any thread, waits for the first to end and answers as it did. NULL once
   the library is loaded, else why it could not be (dlerror's words), which stays valid for
   the life of the process. Every function below needs it to have returned NULL. */
const char *collapse_xml_load(void);

/* libxml2's version as it reports itself: its xmlParserVersion, "20914" for 2.9.14. */
const char *collapse_xml_version(void);

/* A streaming reader (libxml2's xmlTextReader) over a document in memory. */
typedef struct collapse_xml_reader collapse_xml_reader;

/* What libxml2 said when it stopped reading: an error of level XML_ERR_FATAL. The
   strings are libxml2's, valid only while the handler runs. */
struct collapse_xml_problem {
  /* libxml2's xmlParserErrors code. */
  int code;
  /* The line and column libxml2 gives, 0 when it gives none. */
  int line;
  int column;
  /* The name the error is about (an element's, an attribute's, an entity's), or NULL, and
     a second one (the end tag found), or NULL. */
  const char *name;
  const char *other;
  /* The figure libxml2 gives with it (the line an element started on, the depth it
     stopped at), or 0. */
  int figure;
};

/* What a reader calls with each problem that stops reading, with the context it was
   made with. */
typedef void (*collapse_xml_problem_handler)(void *context,
                                             const struct collapse_xml_problem *problem);

/* A reader of the `count` bytes at `bytes`, UTF-8, which must stay alive and unmoved while
   it reads, telling `handler` of the problems that stop it; NULL when libxml2 could not
   make one (memory, or an empty document). The caller frees it with
   collapse_xml_reader_free, which frees libxml2's reader too.
   The network, external entities and DTDs are never loaded (XML_PARSE_NONET, and none of
   XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR), entities are not substituted,
   and libxml2's own limits on entity expansion, depth and sizes stay on (no
   XML_PARSE_HUGE). Text nodes keep lines past 65,535 (XML_PARSE_BIG_LINES). */
collapse_xml_reader *collapse_xml_reader_new(const char *bytes, int count,
                                             collapse_xml_problem_handler handler,
                                             void *context);
void collapse_xml_reader_free(collapse_xml_reader *reader);

/* libxml2's xmlTextReader functions of the same names, on the reader's libxml2 reader. */
int collapse_xml_read(collapse_xml_reader *reader);
int collapse_xml_node_type(collapse_xml_reader *reader);
int collapse_xml_depth(collapse_xml_reader *reader);
int collapse_xml_is_empty_element(collapse_xml_reader *reader);
int collapse_xml_has_attributes(collapse_xml_reader *reader);
int collapse_xml_move_to_next_attribute(collapse_xml_reader *reader);
int collapse_xml_move_to_element(collapse_xml_reader *reader);
/* The current node's name and value, owned by the reader, valid until it moves on. */
const unsigned char *collapse_xml_const_name(collapse_xml_reader *reader);
const unsigned char *collapse_xml_const_value(collapse_xml_reader *reader);
/* Where the parser is, 1-based, 0 when it does not know. */
int collapse_xml_parser_line(collapse_xml_reader *reader);
int collapse_xml_parser_column(collapse_xml_reader *reader);

/* The line (1-based) the parser was on when it made the current node, 0 when libxml2 does
   not know it: a node past line 65,534 keeps no line but text, to which
   XML_PARSE_BIG_LINES gives one (xmlGetLineNo would answer for such a node with a line of
   the node after it). */
long collapse_xml_node_line(collapse_xml_reader *reader);

/* The libxml2 values collapse compares with: each collapse_NAME is libxml2's NAME, as the
   headers xml_library.c is compiled against define it. */
#define COLLAPSE_XML_VALUES(VALUE)                                                         \
  VALUE(XML_READER_TYPE_ELEMENT)                                                           \
  VALUE(XML_READER_TYPE_END_ELEMENT)                                                       \
  VALUE(XML_READER_TYPE_TEXT)                                                              \
  VALUE(XML_READER_TYPE_WHITESPACE)                                                        \
  VALUE(XML_READER_TYPE_SIGNIFICANT_WHITESPACE)                                            \
  VALUE(XML_READER_TYPE_COMMENT)                                                           \
  VALUE(XML_READER_TYPE_PROCESSING_INSTRUCTION)                                            \
  VALUE(XML_READER_TYPE_CDATA)                                                             \
  VALUE(XML_READER_TYPE_ENTITY_REFERENCE)                                                  \
  VALUE(XML_READER_TYPE_DOCUMENT_TYPE)                                                     \
  VALUE(XML_ERR_INTERNAL_ERROR)                                                            \
  VALUE(XML_ERR_DOCUMENT_EMPTY)                                                            \
  VALUE(XML_ERR_DOCUMENT_END)                                                              \
  VALUE(XML_ERR_EXTRA_CONTENT)                                                             \
  VALUE(XML_ERR_INVALID_CHAR)                                                              \
  VALUE(XML_ERR_INVALID_HEX_CHARREF)                                                       \
  VALUE(XML_ERR_INVALID_DEC_CHARREF)                                                       \
  VALUE(XML_ERR_INVALID_CHARREF)                                                           \
  VALUE(XML_ERR_UNDECLARED_ENTITY)                                                         \
  VALUE(XML_ERR_ENTITYREF_SEMICOL_MISSING)                                                 \
  VALUE(XML_ERR_ENTITYREF_NO_NAME)                                                         \
  VALUE(XML_ERR_ENTITY_IS_EXTERNAL)                                                        \
  VALUE(XML_ERR_ENTITY_LOOP)                                                               \
  VALUE(XML_ERR_LT_IN_ATTRIBUTE)                                                           \
  VALUE(XML_ERR_ATTRIBUTE_NOT_STARTED)                                                     \
  VALUE(XML_ERR_STRING_NOT_STARTED)                                                        \
  VALUE(XML_ERR_ATTRIBUTE_NOT_FINISHED)                                                    \
  VALUE(XML_ERR_ATTRIBUTE_WITHOUT_VALUE)                                                   \
  VALUE(XML_ERR_EQUAL_REQUIRED)                                                            \
  VALUE(XML_ERR_ATTRIBUTE_REDEFINED)                                                       \
  VALUE(XML_ERR_COMMENT_NOT_FINISHED)                                                      \
  VALUE(XML_ERR_CDATA_NOT_FINISHED)                                                        \
  VALUE(XML_ERR_PI_NOT_FINISHED)                                                           \
  VALUE(XML_ERR_HYPHEN_IN_COMMENT)                                                         \
  VALUE(XML_ERR_MISPLACED_CDATA_END)                                                       \
  VALUE(XML_ERR_RESERVED_XML_NAME)                                                         \
  VALUE(XML_ERR_NAME_REQUIRED)                                                             \
  VALUE(XML_ERR_GT_REQUIRED)                                                               \
  VALUE(XML_ERR_LTSLASH_REQUIRED)                                                          \
  VALUE(XML_ERR_TAG_NAME_MISMATCH)                                                         \
  VALUE(XML_ERR_TAG_NOT_FINISHED)                                                          \
  VALUE(XML_ERR_SPACE_REQUIRED)                                                            \
  VALUE(XML_ERR_DOCTYPE_NOT_FINISHED)                                                      \
  VALUE(XML_ERR_UNKNOWN_ENCODING)                                                          \
  VALUE(XML_ERR_UNSUPPORTED_ENCODING)

#define COLLAPSE_XML_DECLARE_VALUE(name) extern const int collapse_##name;
COLLAPSE_XML_VALUES(COLLAPSE_XML_DECLARE_VALUE)
#undef COLLAPSE_XML_DECLARE_VALUE

#endif
