#include "CParlanceLive.h"

#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

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
