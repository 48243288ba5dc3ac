#include "CParlanceLive.h"

#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#define PART_SEPARATOR '\x1e'
#define FIELD_SEPARATOR '\x1f'
#define INNER_SEPARATOR '\x1d'

/// Whether gettext answers in UTF-8 for `table`: the codeset bound to it, else the
/// locale's (glibc converts a catalog's texts to that).
static gboolean answers_utf8(const char *table) {
  const char *codeset = bind_textdomain_codeset(table, NULL);
  if (codeset == NULL) codeset = nl_langinfo(CODESET);
  return codeset != NULL &&
         (g_ascii_strcasecmp(codeset, "UTF-8") == 0 || g_ascii_strcasecmp(codeset, "UTF8") == 0);
}

/// Appends `text` to `output` without its mnemonic markers: a single `_` left out, a
/// doubled one made one (`Retranslator.withoutMnemonic`).
static void append_without_mnemonic(GString *output, const char *text) {
  gboolean pending = FALSE;
  for (const char *byte = text; *byte != '\0'; byte++) {
    if (*byte == '_') {
      if (pending) g_string_append_c(output, '_');
      pending = !pending;
      continue;
    }
    pending = FALSE;
    g_string_append_c(output, *byte);
  }
}

/// gettext's answer for `key` of `table` (with `plural`, `count` chooses the form), the
/// msgid (or `plural`) where it has none, as the program's own `dcgettext` or
/// `dcngettext`; NULL unless `table` answers in UTF-8 and the answer is UTF-8.
static const char *answer_of(const char *table, const char *key, const char *plural,
                             unsigned long count) {
  if (table[0] == '\0' || key[0] == '\0' || !answers_utf8(table)) return NULL;
  const char *answer = plural != NULL ? dcngettext(table, key, plural, count, LC_MESSAGES)
                                      : dcgettext(table, key, LC_MESSAGES);
  // Untranslated, glibc answers with the key itself: the msgid is shown then.
  if (answer == key) {
    const char *context_end = strchr(key, '\004');
    if (context_end != NULL) answer = context_end + 1;
  }
  return g_utf8_validate(answer, -1, NULL) ? answer : NULL;
}

/// Appends `answer`, its mnemonic markers left out when `without_mnemonic`.
static void append_answer(GString *output, const char *answer, gboolean without_mnemonic) {
  if (without_mnemonic) {
    append_without_mnemonic(output, answer);
  } else {
    g_string_append(output, answer);
  }
}

/// Appends `format` made by printf with `arguments` (each a type letter, `s`, `i`, `u` or
/// `d`, and its value), as the program made it: each conversion handed to glibc's
/// printf with its flags, width and precision, positional (`%2$s`) or in order. FALSE for
/// a conversion whose argument is missing or of another type, or one not supported here
/// (`%c`, `%p`, `%n`, `*` widths).
static gboolean append_printf(GString *output, const char *format, char **arguments,
                              guint argument_count) {
  guint next = 0;
  const char *byte = format;
  while (*byte != '\0') {
    if (*byte != '%') {
      g_string_append_c(output, *byte++);
      continue;
    }
    if (byte[1] == '%') {
      g_string_append_c(output, '%');
      byte += 2;
      continue;
    }
    const char *cursor = byte + 1;
    guint position = 0;
    const char *digits = cursor;
    while (g_ascii_isdigit(*cursor)) cursor++;
    if (cursor > digits && *cursor == '$') {
      position = (guint)g_ascii_strtoull(digits, NULL, 10);
      if (position == 0) return FALSE;
      cursor++;
    } else {
      cursor = byte + 1;
    }
    GString *spec = g_string_new("%");
    while (*cursor != '\0' && strchr("-+ #0'I", *cursor) != NULL) g_string_append_c(spec, *cursor++);
    while (g_ascii_isdigit(*cursor)) g_string_append_c(spec, *cursor++);
    if (*cursor == '.') {
      g_string_append_c(spec, *cursor++);
      while (g_ascii_isdigit(*cursor)) g_string_append_c(spec, *cursor++);
    }
    // The length is the argument's own here: long long, unsigned long long, double.
    while (*cursor != '\0' && strchr("hlLqjzZt", *cursor) != NULL) cursor++;
    char conversion = *cursor;
    guint index = position != 0 ? position - 1 : next++;
    const char *argument = index < argument_count ? arguments[index] : NULL;
    char *piece = NULL;
    if (argument != NULL && conversion != '\0') {
      const char *value = argument + 1;
      if (strchr("di", conversion) != NULL && (argument[0] == 'i' || argument[0] == 'u')) {
        g_string_append(spec, "lld");
        piece = g_strdup_printf(spec->str, (long long)g_ascii_strtoll(value, NULL, 10));
      } else if (strchr("uxXo", conversion) != NULL && (argument[0] == 'u' || argument[0] == 'i')) {
        g_string_append(spec, "ll");
        g_string_append_c(spec, conversion);
        piece = g_strdup_printf(spec->str, (unsigned long long)(argument[0] == 'u'
                                                                    ? g_ascii_strtoull(value, NULL, 10)
                                                                    : (guint64)g_ascii_strtoll(value, NULL, 10)));
      } else if (strchr("fFeEgGaA", conversion) != NULL && argument[0] == 'd') {
        g_string_append_c(spec, conversion);
        piece = g_strdup_printf(spec->str, g_ascii_strtod(value, NULL));
      } else if (conversion == 's' && argument[0] == 's') {
        g_string_append_c(spec, 's');
        piece = g_strdup_printf(spec->str, value);
      }
    }
    g_string_free(spec, TRUE);
    if (piece == NULL) return FALSE;
    g_string_append(output, piece);
    g_free(piece);
    byte = cursor + 1;
  }
  return TRUE;
}

/// Appends the format part `part` (`F` or `f`, then fields after U+001F: the table, the
/// key, the `msgid_plural` and the count, both empty unless plural, and the arguments:
/// `s`, `i`, `u` or `d` and a value, or `g`, a table, U+001D and a key whose answer is a
/// text argument).
static gboolean append_format(GString *output, const char *part, size_t length) {
  char *copy = g_strndup(part + 1, (gsize)(length - 1));
  char **fields = g_strsplit(copy, (const char[]){FIELD_SEPARATOR, '\0'}, -1);
  g_free(copy);
  guint count = g_strv_length(fields);
  gboolean made = FALSE;
  if (count >= 4) {
    const char *plural = fields[2][0] != '\0' ? fields[2] : NULL;
    char *end = NULL;
    guint64 number = g_ascii_strtoull(fields[3], &end, 10);
    gboolean counted = fields[3][0] != '\0' && *end == '\0';
    const char *answer =
        (plural == NULL) == counted ? NULL : answer_of(fields[0], fields[1], plural, (unsigned long)number);
    guint argument_count = count - 4;
    char **arguments = g_new0(char *, argument_count + 2);
    gboolean complete = answer != NULL;
    for (guint index = 0; complete && index < argument_count; index++) {
      const char *field = fields[4 + index];
      if (field[0] == 'g') {
        const char *separator = strchr(field, INNER_SEPARATOR);
        char *table = separator != NULL ? g_strndup(field + 1, (gsize)(separator - field - 1)) : NULL;
        const char *text = table != NULL ? answer_of(table, separator + 1, NULL, 0) : NULL;
        if (text != NULL) arguments[index] = g_strconcat("s", text, NULL);
        complete = text != NULL;
        g_free(table);
      } else if (field[0] != '\0' && strchr("siud", field[0]) != NULL) {
        arguments[index] = g_strdup(field);
      } else {
        complete = FALSE;
      }
    }
    // A plural message shown without other arguments is made with its count.
    if (complete && argument_count == 0 && plural != NULL) {
      arguments[0] = g_strconcat("u", fields[3], NULL);
      argument_count = 1;
    }
    if (complete) {
      GString *formatted = g_string_new(NULL);
      made = append_printf(formatted, answer, arguments, argument_count);
      if (made) append_answer(output, formatted->str, part[0] == 'f');
      g_string_free(formatted, TRUE);
    }
    g_strfreev(arguments);
  }
  g_strfreev(fields);
  return made;
}

/// Appends the message part `part` (`M` or `m`, the table, U+001F, the key: the
/// context and U+0004 before the msgid when it has one), as gettext answers it now.
static gboolean append_message(GString *output, const char *part, size_t length) {
  const char *separator = memchr(part + 1, FIELD_SEPARATOR, length - 1);
  if (separator == NULL) return FALSE;
  char *table = g_strndup(part + 1, (gsize)(separator - part - 1));
  char *key = g_strndup(separator + 1, (gsize)(part + length - separator - 1));
  const char *answer = answer_of(table, key, NULL, 0);
  if (answer != NULL) append_answer(output, answer, part[0] == 'm');
  g_free(table);
  g_free(key);
  return answer != NULL;
}

ParlanceRecipeKind parlance_render_recipe(const char *recipe, char **text) {
  *text = NULL;
  if (strcmp(recipe, "S") == 0) return PARLANCE_RECIPE_TOOLKIT;
  if (recipe[0] == '\0') return PARLANCE_RECIPE_INVALID;
  GString *output = g_string_new(NULL);
  gboolean literal = TRUE;
  const char *part = recipe;
  for (;;) {
    const char *end = strchr(part, PART_SEPARATOR);
    size_t length = end != NULL ? (size_t)(end - part) : strlen(part);
    if (length > 0 && part[0] == 'T') {
      g_string_append_len(output, part + 1, (gssize)(length - 1));
    } else if (length > 1 && strchr("MmFf", part[0]) != NULL) {
      literal = FALSE;
      gboolean made = part[0] == 'M' || part[0] == 'm' ? append_message(output, part, length)
                                                       : append_format(output, part, length);
      if (!made) {
        g_string_free(output, TRUE);
        return PARLANCE_RECIPE_INVALID;
      }
    } else {
      g_string_free(output, TRUE);
      return PARLANCE_RECIPE_INVALID;
    }
    if (end == NULL) break;
    part = end + 1;
  }
  if (!g_utf8_validate(output->str, (gssize)output->len, NULL)) {
    g_string_free(output, TRUE);
    return PARLANCE_RECIPE_INVALID;
  }
  *text = g_string_free(output, FALSE);
  return literal ? PARLANCE_RECIPE_LITERAL : PARLANCE_RECIPE_MESSAGES;
}
