#include "CGettext.h"

#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#include <stdlib.h>

int parlance_gettext_setup(const char *domain, const char *directory, const char *language) {
  // glibc consults LANGUAGE only when the locale is not "C"; C.UTF-8 is always present.
  if (setlocale(LC_ALL, "C.UTF-8") == NULL) return -1;
  if (setenv("LANGUAGE", language, 1) != 0) return -1;
  if (bindtextdomain(domain, directory) == NULL) return -1;
  if (bind_textdomain_codeset(domain, "UTF-8") == NULL) return -1;
  return 0;
}

const char *parlance_dgettext(const char *domain, const char *msgid) {
  return dgettext(domain, msgid);
}

int parlance_bindtextdomain(const char *domain, const char *directory) {
  if (bindtextdomain(domain, directory) == NULL) return -1;
  if (bind_textdomain_codeset(domain, "UTF-8") == NULL) return -1;
  return 0;
}

int parlance_bind_codeset(const char *domain, const char *codeset) {
  return bind_textdomain_codeset(domain, codeset) == NULL ? -1 : 0;
}

size_t parlance_heap_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
