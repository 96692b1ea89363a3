// A Node-API addon with one function: returns the C allocator's free pages to the system.
//
// glibc's malloc keeps memory that was freed in the middle of its heaps: a serving process frees
// ~12 MB of what its start-up allocated (modules, index builds, SQLite reads), yet stays that much
// larger for good, because free() gives back only the top of a heap. malloc_trim(0) gives back
// every whole free page. Node has no way to call it, hence these few lines, compiled at install
// when a C compiler is there (scripts/build/build-native.ts) and optional everywhere else.
#define NAPI_VERSION 8
#include <node_api.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/** trim(): true if memory was returned, false if there was none to return; undefined without glibc. */
static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#if defined(__GLIBC__)
  napi_get_boolean(env, malloc_trim(0) == 1, &result);
#else
  napi_get_undefined(env, &result);
#endif
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
  return exports;
}
