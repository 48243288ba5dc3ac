// The messages the program asked gettext for, which libparlance-gettext.so records when
// `parlance run` preloads it (preload/gettext-record.c): the controller takes, of several
// messages that show one text, those the program asked for.

#define _GNU_SOURCE  // dladdr
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "module-parts.h"
#include "parlance-gettext-record.h"

/// The record's function, when the library is preloaded.
static ParlanceGettextRecord record_function(void) {
  return (ParlanceGettextRecord)dlsym(RTLD_DEFAULT, PARLANCE_GETTEXT_RECORD_SYMBOL);
}

/// Whether the program runs a .NET runtime, whose P/Invoke opens libc itself and looks
/// `gettext` up there (Mono's `Catalog.GetString`, through its map of "intl" to
/// libc.so.6): it finds glibc's function past the preloaded record, which then misses
/// every message the program's own code asks for.
static gboolean runs_dotnet(void) {
  return dlsym(RTLD_DEFAULT, "mono_get_root_domain") != NULL ||
         dlsym(RTLD_DEFAULT, "coreclr_initialize") != NULL;
}

GVariant *live_asked(GVariant *parameters) {
  guint32 from = 0;
  g_variant_get(parameters, "(u)", &from);
  GVariantBuilder names;
  g_variant_builder_init(&names, G_VARIANT_TYPE("a(ss)"));
  gboolean complete = FALSE;
  size_t total = 0;
  uint64_t identity = 0;
  ParlanceGettextRecord record = record_function();
  // Python's own gettext reads its catalogs itself: what a PyGObject program makes in
  // Python is asked of no gettext the record sees. The record is whole for the other
  // domains, and gives none of those Python reads: the controller judges no message of
  // a domain the record names nothing of.
  GPtrArray *python_domains =
      record != NULL && !runs_dotnet() ? live_python_domains() : NULL;
  if (python_domains != NULL) {
    size_t length = 0;
    int whole = 0;
    char **entries = record(from, &length, &total, &whole, &identity);
    complete = entries != NULL && whole && total <= G_MAXUINT32;
    for (size_t index = 0; complete && index < length; index++) {
      const char *domain = entries[index];
      const char *key = domain + strlen(domain) + 1;
      // A name that is not UTF-8 is no catalog key the controller reads: without it,
      // the record would miss a message, so none is given.
      if (!g_utf8_validate(domain, -1, NULL) || !g_utf8_validate(key, -1, NULL)) {
        complete = FALSE;
      } else if (!g_ptr_array_find_with_equal_func(python_domains, domain, g_str_equal, NULL)) {
        g_variant_builder_add(&names, "(ss)", domain, key);
      }
    }
    free(entries);
    // Another set of domains Python reads is another record: a reader that kept the
    // messages of a domain Python reads now reads it again from the first.
    for (guint index = 0; index < python_domains->len; index++) {
      identity ^=
          (guint64)g_str_hash(g_ptr_array_index(python_domains, index)) * 0x9E3779B97F4A7C15u;
    }
    g_ptr_array_unref(python_domains);
  }
  if (!complete) {
    g_variant_builder_clear(&names);
    g_variant_builder_init(&names, G_VARIANT_TYPE("a(ss)"));
    total = 0;
  }
  return g_variant_new("(tbua(ss))", (guint64)identity, complete, (guint32)total, &names);
}

void live_unpreload(void) {
  ParlanceGettextRecord record = record_function();
  const char *preload = g_getenv("LD_PRELOAD");
  Dl_info info;
  if (record == NULL || preload == NULL || dladdr((void *)record, &info) == 0 ||
      info.dli_fname == NULL) {
    return;
  }
  // ld.so splits LD_PRELOAD at spaces and colons.
  char **entries = g_strsplit_set(preload, " :", -1);
  GString *kept = g_string_new(NULL);
  for (char **entry = entries; *entry != NULL; entry++) {
    if (**entry == '\0' || strcmp(*entry, info.dli_fname) == 0) continue;
    if (kept->len > 0) g_string_append_c(kept, ':');
    g_string_append(kept, *entry);
  }
  // LD_PRELOAD exists (the launcher set it): setenv replaces its value in place, and
  // unsetenv moves nothing another thread's getenv may be reading.
  if (kept->len > 0) {
    g_setenv("LD_PRELOAD", kept->str, TRUE);
  } else {
    g_unsetenv("LD_PRELOAD");
  }
  g_string_free(kept, TRUE);
  g_strfreev(entries);
}
