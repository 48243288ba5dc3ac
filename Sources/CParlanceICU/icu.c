#include "CParlanceICU.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

#define ICU_LOCALE_CAPACITY 157

// ICU's libraries are opened on first use, not linked: linked, the loader maps them and
// resolves their relocations before `main` (0.8 ms of a window's start), whereas a
// `Localizer` first needs them on the thread that loads the catalogs while GTK starts.
// The names are ICU's versioned ones (`uloc_forLanguageTag_72`), which the headers'
// renaming macros give; the libraries are those of the headers' major version.
#define PARLANCE_NAME_(name) #name
#define PARLANCE_NAME(name) PARLANCE_NAME_(name)
#define PARLANCE_ICU_LIBRARY(base) "lib" base ".so." PARLANCE_NAME(U_ICU_VERSION_MAJOR_NUM)

#define PARLANCE_ICU_FUNCTIONS(X)                                         \
  X(uc, uloc_forLanguageTag)                                              \
  X(uc, uloc_toLanguageTag)                                               \
  X(uc, uloc_addLikelySubtags)                                            \
  X(uc, uloc_minimizeSubtags)                                             \
  X(uc, uloc_getDisplayName)                                              \
  X(uc, uloc_isRightToLeft)                                               \
  X(uc, u_strToUTF8)                                                      \
  X(uc, uenum_unext)                                                      \
  X(uc, uenum_close)                                                      \
  X(i18n, uplrules_openForType)                                           \
  X(i18n, uplrules_close)                                                 \
  X(i18n, uplrules_select)                                                \
  X(i18n, uplrules_selectFormatted)                                       \
  X(i18n, uplrules_getKeywords)                                           \
  X(i18n, unumf_openForSkeletonAndLocale)                                 \
  X(i18n, unumf_openResult)                                               \
  X(i18n, unumf_formatDecimal)                                            \
  X(i18n, unumf_closeResult)                                              \
  X(i18n, unumf_close)

// One pointer per function, named as the function (the headers' macros version both).
static struct {
#define PARLANCE_ICU_POINTER(library, name) __typeof__(&name) name;
  PARLANCE_ICU_FUNCTIONS(PARLANCE_ICU_POINTER)
#undef PARLANCE_ICU_POINTER
} icu;
static int icu_loaded;
static char icu_error[512];
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

static void fail_loading(void) {
  const char *reason = dlerror();
  snprintf(icu_error, sizeof icu_error, "%s", reason ? reason : "unknown error");
}

static void load_icu(void) {
  void *uc = dlopen(PARLANCE_ICU_LIBRARY("icuuc"), RTLD_NOW | RTLD_LOCAL);
  void *i18n = uc ? dlopen(PARLANCE_ICU_LIBRARY("icui18n"), RTLD_NOW | RTLD_LOCAL) : NULL;
  if (!i18n) {
    fail_loading();
    return;
  }
#define PARLANCE_ICU_LOOKUP(library, name)                                  \
  icu.name = (__typeof__(icu.name))dlsym(library, PARLANCE_NAME(name));     \
  if (!icu.name) {                                                          \
    fail_loading();                                                         \
    return;                                                                 \
  }
  PARLANCE_ICU_FUNCTIONS(PARLANCE_ICU_LOOKUP)
#undef PARLANCE_ICU_LOOKUP
  // Kept open for the life of the process, as linked libraries would be.
  icu_loaded = 1;
}

// Whether ICU could be opened; every function below fails as documented when not.
static int icu_ready(void) {
  pthread_once(&icu_once, load_icu);
  return icu_loaded;
}

const char *parlance_icu_load_error(void) { return icu_ready() ? NULL : icu_error; }

// ICU works on its own locale IDs ("zh_Hant_TW"); convert at the edges.
static int to_icu_locale(const char *tag, char *out) {
  if (!icu_ready()) return 0;
  UErrorCode status = U_ZERO_ERROR;
  int32_t parsed = 0;
  int32_t length = icu.uloc_forLanguageTag(tag, out, ICU_LOCALE_CAPACITY, &parsed, &status);
  if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length <= 0) return 0;
  return 1;
}

static int32_t to_tag(const char *locale, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = icu.uloc_toLanguageTag(locale, out, capacity, 1, &status);
  if (U_FAILURE(status) || length >= capacity) return -1;
  return length;
}

int32_t parlance_icu_add_likely_subtags(const char *tag, char *out, int32_t capacity) {
  char locale[ICU_LOCALE_CAPACITY], maximized[ICU_LOCALE_CAPACITY];
  if (!to_icu_locale(tag, locale)) return -1;
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = icu.uloc_addLikelySubtags(locale, maximized, ICU_LOCALE_CAPACITY, &status);
  if (U_FAILURE(status) || length >= ICU_LOCALE_CAPACITY) return -1;
  return to_tag(maximized, out, capacity);
}

int32_t parlance_icu_minimize_subtags(const char *tag, char *out, int32_t capacity) {
  char locale[ICU_LOCALE_CAPACITY], minimized[ICU_LOCALE_CAPACITY];
  if (!to_icu_locale(tag, locale)) return -1;
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = icu.uloc_minimizeSubtags(locale, minimized, ICU_LOCALE_CAPACITY, &status);
  if (U_FAILURE(status) || length >= ICU_LOCALE_CAPACITY) return -1;
  return to_tag(minimized, out, capacity);
}

int32_t parlance_icu_display_name(const char *tag, const char *display, char *out, int32_t capacity) {
  char locale[ICU_LOCALE_CAPACITY], displayLocale[ICU_LOCALE_CAPACITY];
  if (!to_icu_locale(tag, locale) || !to_icu_locale(display, displayLocale)) return -1;
  UChar name[256];
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = icu.uloc_getDisplayName(locale, displayLocale, name, 256, &status);
  if (U_FAILURE(status) || length >= 256) return -1;
  int32_t written = 0;
  icu.u_strToUTF8(out, capacity, &written, name, length, &status);
  if (U_FAILURE(status) || written >= capacity) return -1;
  return written;
}

int parlance_icu_is_right_to_left(const char *tag) {
  char locale[ICU_LOCALE_CAPACITY];
  if (!to_icu_locale(tag, locale)) return 0;
  return icu.uloc_isRightToLeft(locale) ? 1 : 0;
}

void *parlance_plural_rules_open(const char *tag, int ordinal) {
  char locale[ICU_LOCALE_CAPACITY];
  if (!to_icu_locale(tag, locale)) return NULL;
  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = icu.uplrules_openForType(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status);
  if (U_FAILURE(status)) {
    if (rules) icu.uplrules_close(rules);
    return NULL;
  }
  return rules;
}

void parlance_plural_rules_close(void *rules) {
  if (rules) icu.uplrules_close((UPluralRules *)rules);
}

static int category_of_keyword(const UChar *keyword, int32_t length) {
  static const char *names[] = {"zero", "one", "two", "few", "many", "other"};
  for (int i = 0; i < 6; i++) {
    int32_t n = (int32_t)strlen(names[i]);
    if (n != length) continue;
    int same = 1;
    for (int32_t j = 0; j < n; j++) {
      if (keyword[j] != (UChar)names[i][j]) { same = 0; break; }
    }
    if (same) return i;
  }
  return PARLANCE_PLURAL_OTHER;
}

int parlance_plural_select_integer(const void *rules, int64_t value) {
  if (!rules) return PARLANCE_PLURAL_OTHER;
  UChar keyword[16];
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = icu.uplrules_select((const UPluralRules *)rules, (double)value, keyword, 16, &status);
  if (U_FAILURE(status)) return PARLANCE_PLURAL_OTHER;
  return category_of_keyword(keyword, length);
}

int parlance_plural_select_decimal(const void *rules, const char *decimal) {
  if (!rules || !decimal) return -1;
  // Count the visible fraction digits: they decide the category ("1.0" is other in en).
  const char *dot = strchr(decimal, '.');
  size_t fraction = 0;
  if (dot) {
    for (const char *p = dot + 1; *p; p++) {
      if (*p < '0' || *p > '9') return -1;
      fraction++;
    }
  }
  if (fraction > 30) return -1;
  UChar skeleton[40];
  int32_t skeletonLength = 0;
  if (fraction == 0) {
    static const char integer[] = "precision-integer";
    for (; integer[skeletonLength]; skeletonLength++) skeleton[skeletonLength] = (UChar)integer[skeletonLength];
  } else {
    skeleton[skeletonLength++] = '.';
    for (size_t i = 0; i < fraction; i++) skeleton[skeletonLength++] = '0';
  }
  UErrorCode status = U_ZERO_ERROR;
  UNumberFormatter *formatter = icu.unumf_openForSkeletonAndLocale(skeleton, skeletonLength, "en", &status);
  UFormattedNumber *result = icu.unumf_openResult(&status);
  int category = -1;
  if (U_SUCCESS(status)) {
    icu.unumf_formatDecimal(formatter, decimal, (int32_t)strlen(decimal), result, &status);
    UChar keyword[16];
    int32_t length = icu.uplrules_selectFormatted((const UPluralRules *)rules, result, keyword, 16, &status);
    if (U_SUCCESS(status)) category = category_of_keyword(keyword, length);
  }
  if (result) icu.unumf_closeResult(result);
  if (formatter) icu.unumf_close(formatter);
  return category;
}

uint32_t parlance_plural_categories(const void *rules) {
  if (!rules) return 1u << PARLANCE_PLURAL_OTHER;
  UErrorCode status = U_ZERO_ERROR;
  UEnumeration *keywords = icu.uplrules_getKeywords((const UPluralRules *)rules, &status);
  uint32_t set = 0;
  if (U_SUCCESS(status)) {
    int32_t length = 0;
    const UChar *keyword;
    while ((keyword = icu.uenum_unext(keywords, &length, &status)) != NULL && U_SUCCESS(status)) {
      set |= 1u << category_of_keyword(keyword, length);
    }
  }
  if (keywords) icu.uenum_close(keywords);
  return set ? set : 1u << PARLANCE_PLURAL_OTHER;
}
