#include "CParlanceLive.h"

#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#define PART_SEPARATOR '\x1e'
#define FIELD_SEPARATOR '\x1f'

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

/// Appends the message part `part` (`M` or `m`, the table, U+001F, the key: the
/// context and U+0004 before the msgid when it has one), as gettext answers it now.
static gboolean append_message(GString *output, const char *part, size_t length) {
  const char *separator = memchr(part + 1, FIELD_SEPARATOR, length - 1);
  if (separator == NULL || separator == part + 1) return FALSE;
  char *table = g_strndup(part + 1, (gsize)(separator - part - 1));
  char *key = g_strndup(separator + 1, (gsize)(part + length - separator - 1));
  gboolean made = FALSE;
  if (key[0] != '\0' && answers_utf8(table)) {
    const char *answer = dcgettext(table, key, LC_MESSAGES);
    // Untranslated, glibc answers with the key itself: the msgid is shown then.
    if (answer == key) {
      const char *context_end = strchr(key, '\004');
      answer = context_end != NULL ? context_end + 1 : key;
    }
    if (g_utf8_validate(answer, -1, NULL)) {
      if (part[0] == 'm') {
        append_without_mnemonic(output, answer);
      } else {
        g_string_append(output, answer);
      }
      made = TRUE;
    }
  }
  g_free(table);
  g_free(key);
  return made;
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
    } else if (length > 1 && (part[0] == 'M' || part[0] == 'm')) {
      literal = FALSE;
      if (!append_message(output, part, length)) {
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
