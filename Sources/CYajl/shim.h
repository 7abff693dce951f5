#include <yajl/yajl_parse.h>
#include <yajl/yajl_version.h>

/* yajl_config is variadic, which Swift cannot call; this sets the one option collapse uses. */
static inline int cyajl_allow_multiple_values(yajl_handle handle) {
  return yajl_config(handle, yajl_allow_multiple_values, 1);
}
