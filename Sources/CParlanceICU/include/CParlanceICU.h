#ifndef PARLANCE_CPARLANCEICU_H
#define PARLANCE_CPARLANCEICU_H

// Plain C over system ICU. No ICU type appears here, so Swift can import this header
// without seeing ICU's versioned symbol names or clashing with Foundation's own ICU.
// Every function writing text returns the UTF-8 length written (without the NUL), or
// -1 when ICU failed or the buffer was too small.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why system ICU could not be opened (ICU's libraries are opened on first use, not
/// linked), or NULL when it is open. Until then the functions below fail: -1, NULL, 0 or
/// "other".
const char *parlance_icu_load_error(void);

/// Adds likely subtags to a BCP 47 tag: "zh-TW" -> "zh-Hant-TW".
int32_t parlance_icu_add_likely_subtags(const char *tag, char *out, int32_t capacity);

/// Removes the subtags that likely-subtags would add back: "zh-Hant-TW" -> "zh-TW".
int32_t parlance_icu_minimize_subtags(const char *tag, char *out, int32_t capacity);

/// The name of `tag` in the language `display` ("de" in "de" -> "Deutsch").
int32_t parlance_icu_display_name(const char *tag, const char *display, char *out, int32_t capacity);

/// 1 when the script of `tag` (after likely subtags) is written right to left.
int parlance_icu_is_right_to_left(const char *tag);

/// Plural categories, in CLDR order; also the bit positions of a category set.
enum {
  PARLANCE_PLURAL_ZERO = 0,
  PARLANCE_PLURAL_ONE = 1,
  PARLANCE_PLURAL_TWO = 2,
  PARLANCE_PLURAL_FEW = 3,
  PARLANCE_PLURAL_MANY = 4,
  PARLANCE_PLURAL_OTHER = 5
};

/// Opens the CLDR cardinal (ordinal == 0) or ordinal rules of `tag`; NULL on failure.
/// The handle is immutable and may be used from several threads; close it once.
void *parlance_plural_rules_open(const char *tag, int ordinal);
void parlance_plural_rules_close(void *rules);

/// The category of an integer.
int parlance_plural_select_integer(const void *rules, int64_t value);

/// The category of a decimal written in ASCII ("1.50"): its visible fraction digits
/// count, so "1.0" is not "1". -1 for a malformed number.
int parlance_plural_select_decimal(const void *rules, const char *decimal);

/// The set of categories the rules use, one bit per category above.
uint32_t parlance_plural_categories(const void *rules);

#ifdef __cplusplus
}
#endif

#endif
