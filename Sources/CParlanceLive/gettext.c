#include "CParlanceLive.h"

#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

int parlance_switch_gettext(const char *languages) {
  // glibc ignores LANGUAGE in the plain C locale; C.UTF-8 honours it and exists on every
  // glibc system.
  const char *messages = setlocale(LC_MESSAGES, NULL);
  if (messages == NULL || strcmp(messages, "C") == 0 || strcmp(messages, "POSIX") == 0) {
    if (setlocale(LC_MESSAGES, "C.UTF-8") == NULL) return -1;
  }
  if (setenv("LANGUAGE", languages, 1) != 0) return -1;
  // Answers are cached by msgid, domain and locale name, not LANGUAGE: setting the
  // default domain again bumps glibc's catalog counter, which drops them.
  const char *domain = textdomain(NULL);
  if (domain != NULL) {
    char *copy = strdup(domain);
    if (copy != NULL) {
      textdomain(copy);
      free(copy);
    }
  }
  return 0;
}

void parlance_reserve_language_variable(void) {
  if (getenv("LANGUAGE") == NULL) setenv("LANGUAGE", "", 0);
}

GPtrArray *parlance_loaded_catalogs(void) {
  GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
  GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
  FILE *maps = fopen("/proc/self/maps", "r");
  if (maps != NULL) {
    char line[4096];
    while (fgets(line, sizeof line, maps) != NULL) {
      size_t length = strlen(line);
      while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == ' ')) line[--length] = 0;
      char *path = strchr(line, '/');
      if (path == NULL || !g_str_has_suffix(path, ".mo")) continue;
      if (g_hash_table_contains(seen, path)) continue;
      char *copy = g_strdup(path);
      g_ptr_array_add(paths, copy);
      g_hash_table_add(seen, copy);
    }
    fclose(maps);
  }
  g_hash_table_unref(seen);
  return paths;
}
