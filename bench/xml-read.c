/* libxml2's streaming reader alone, as collapse runs it: the whole file read into memory,
   then every node read with the same options (no network, no entities substituted, big
   line numbers), each node's type, depth and name asked for and an element's attributes
   walked, with nothing built and nothing written. The floor for reading XML with libxml2;
   `make bench` times collapse's text output of a JUnit report against it. */
#include <stdio.h>
#include <stdlib.h>
#include <libxml/xmlreader.h>

int main(int argc, char **argv) {
  FILE *file = argc > 1 ? fopen(argv[1], "rb") : stdin;
  if (!file) return 1;
  size_t size = 0, capacity = 1 << 20;
  char *text = malloc(capacity);
  size_t count;
  while (text && (count = fread(text + size, 1, capacity - size, file)) > 0) {
    size += count;
    if (size == capacity) text = realloc(text, capacity *= 2);
  }
  if (!text) return 1;
  xmlInitParser();
  xmlTextReaderPtr reader = xmlReaderForMemory(text, (int)size, NULL, "UTF-8",
                                               XML_PARSE_NONET | XML_PARSE_BIG_LINES);
  if (!reader) return 1;
  size_t nodes = 0, attributes = 0;
  int status;
  while ((status = xmlTextReaderRead(reader)) == 1) {
    nodes++;
    int type = xmlTextReaderNodeType(reader);
    (void)xmlTextReaderDepth(reader);
    (void)xmlTextReaderConstName(reader);
    if (type == XML_READER_TYPE_ELEMENT) {
      while (xmlTextReaderMoveToNextAttribute(reader) == 1) {
        (void)xmlTextReaderConstValue(reader);
        attributes++;
      }
      xmlTextReaderMoveToElement(reader);
    } else if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA) {
      (void)xmlTextReaderConstValue(reader);
    }
  }
  xmlFreeTextReader(reader);
  free(text);
  if (status != 0) {
    fprintf(stderr, "xml-read: not well-formed\n");
    return 1;
  }
  printf("%zu nodes, %zu attributes\n", nodes, attributes);
  return 0;
}
