/* libyaml's parser alone, as collapse runs it: the whole file read into memory, then
   every event parsed and let go, with nothing built and nothing written. The floor for
   reading YAML with libyaml; `make bench` times collapse's text output against it. */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
  FILE *file = argc > 1 ? fopen(argv[1], "rb") : stdin;
  if (!file) return 1;
  size_t size = 0, capacity = 1 << 20;
  unsigned char *text = malloc(capacity);
  size_t count;
  while (text && (count = fread(text + size, 1, capacity - size, file)) > 0) {
    size += count;
    if (size == capacity) text = realloc(text, capacity *= 2);
  }
  if (!text) return 1;
  yaml_parser_t parser;
  yaml_event_t event;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_string(&parser, text, size);
  size_t events = 0;
  for (;;) {
    if (!yaml_parser_parse(&parser, &event)) {
      fprintf(stderr, "yaml-parse: %s at line %zu\n", parser.problem,
              parser.problem_mark.line + 1);
      return 1;
    }
    int done = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
    events++;
    if (done) break;
  }
  yaml_parser_delete(&parser);
  free(text);
  printf("%zu events\n", events);
  return 0;
}
