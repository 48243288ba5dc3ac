#define _GNU_SOURCE
#include "CParlanceTranslation.h"

#include <dlfcn.h>
#include <locale.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

// The scope of this thread: only the thread that entered it is answered, so another
// thread's gettext never sees an interface's texts.
static __thread const parlance_translation_scope *active_scope;

void parlance_translation_scope_enter(const parlance_translation_scope *scope) {
  active_scope = scope;
}

void parlance_translation_scope_leave(void) { active_scope = NULL; }

typedef char *(*dcgettext_fn)(const char *, const char *, int);

static dcgettext_fn libc_dcgettext;
static pthread_once_t libc_found = PTHREAD_ONCE_INIT;

char *dcgettext(const char *domain, const char *msgid, int category);

static void find_libc_dcgettext(void) {
  libc_dcgettext = (dcgettext_fn)dlsym(RTLD_NEXT, "dcgettext");
  // Never this function itself, whatever order the objects were loaded in.
  if (libc_dcgettext == dcgettext) {
    libc_dcgettext = NULL;
  }
}

static const char *scope_answer(const char *domain, const char *msgid, int category) {
  const parlance_translation_scope *scope = active_scope;
  if (scope == NULL || category != LC_MESSAGES || domain == NULL || msgid == NULL ||
      strcmp(domain, scope->domain) != 0) {
    return NULL;
  }
  return scope->translate(scope->context, msgid);
}

// glibc's <libintl.h> turns dgettext into dcgettext when optimizing: the names are
// defined here as functions, in front of libc's.
#undef dcgettext
#undef dgettext

char *dcgettext(const char *domain, const char *msgid, int category) {
  const char *answer = scope_answer(domain, msgid, category);
  if (answer != NULL) {
    return (char *)answer;
  }
  pthread_once(&libc_found, find_libc_dcgettext);
  return libc_dcgettext != NULL ? libc_dcgettext(domain, msgid, category) : (char *)msgid;
}

char *dgettext(const char *domain, const char *msgid) {
  return dcgettext(domain, msgid, LC_MESSAGES);
}
