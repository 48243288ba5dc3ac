// System errors in English, whatever language gettext answers in.

#include "parlance_error.h"

#include <locale.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

static locale_t c_locale;
static pthread_once_t c_locale_made = PTHREAD_ONCE_INIT;

static void make_c_locale(void) { c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0); }

const char *parlance_error_text(int code) {
  pthread_once(&c_locale_made, make_c_locale);
  // Without the C locale (no memory), strerror's own answer is better than none.
  return c_locale != (locale_t)0 ? strerror_l(code, c_locale) : strerror(code);
}
