/* PCRE2 for 8-bit code units: collapse matches UTF-8 bytes. Swift sees the functions by
   their full names (pcre2_compile_8), as it cannot call through pcre2.h's macros. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
