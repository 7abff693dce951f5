#include <getopt.h>

/* getopt_long keeps its state in globals; these accessors let Swift 6 read them. */
static inline int cgetopt_optind(void) { return optind; }
static inline const char *cgetopt_optarg(void) { return optarg; }
static inline int cgetopt_optopt(void) { return optopt; }

/* Restarts scanning from argv[1] (glibc rescans when optind is 0) and silences getopt's messages. */
static inline void cgetopt_reset(void) {
  optind = 0;
  opterr = 0;
}
