// What a switch leaves at each place it set: the message, the recipe and the text set
// (object data of the place; a model's cells, by column and row, on the model).

#include <stdio.h>
#include <string.h>

#include "module-parts.h"

/// The key under which a place remembers the message a switch set there, made once per
/// property name (the walk's names are static strings, so by address).
static GQuark remembered_quark(const char *property) {
  static GHashTable *quarks = NULL;
  if (quarks == NULL) quarks = g_hash_table_new(NULL, NULL);
  gpointer found = g_hash_table_lookup(quarks, property);
  if (found != NULL) return GPOINTER_TO_UINT(found);
  char name[96];
  snprintf(name, sizeof name, "parlance-live-message-%s", property);
  GQuark quark = g_quark_from_string(name);
  g_hash_table_insert(quarks, (gpointer)property, GUINT_TO_POINTER(quark));
  return quark;
}

static void remembered_free(gpointer data) {
  Remembered *remembered = data;
  g_free(remembered->message);
  g_free(remembered->recipe);
  g_free(remembered->shown);
  g_free(remembered);
}

/// A model's cells share one object: what they live_remember is kept on the model, by column
/// and row (`column:path`), in a table made on first use.
static GHashTable *cells_of(GObject *model, gboolean create) {
  static GQuark quark = 0;
  if (quark == 0) quark = g_quark_from_static_string("parlance-live-cells");
  GHashTable *cells = g_object_get_qdata(model, quark);
  if (cells == NULL && create) {
    cells = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, remembered_free);
    g_object_set_qdata_full(model, quark, cells, (GDestroyNotify)g_hash_table_unref);
  }
  return cells;
}

/// The key of a model cell in `cells_of`, or NULL when its row is gone.
static char *cell_key(ParlanceShownText *text) {
  GtkTreePath *path = text->row != NULL ? gtk_tree_row_reference_get_path(text->row) : NULL;
  if (path == NULL) return NULL;
  char *row = gtk_tree_path_to_string(path);
  char *key = g_strdup_printf("%d:%s", text->column, row);
  g_free(row);
  gtk_tree_path_free(path);
  return key;
}

Remembered *live_remembered_at(ParlanceShownText *text) {
  if (text->kind != PARLANCE_TEXT_MODEL_CELL) {
    return g_object_get_qdata(text->object, remembered_quark(text->property));
  }
  GHashTable *cells = cells_of(text->object, FALSE);
  char *key = cells != NULL ? cell_key(text) : NULL;
  Remembered *remembered = key != NULL ? g_hash_table_lookup(cells, key) : NULL;
  g_free(key);
  return remembered;
}

/// The recipe of `text` while it shows what was set with it, else NULL.
const char *live_recipe_of(ParlanceShownText *text) {
  Remembered *remembered = live_remembered_at(text);
  if (remembered == NULL || remembered->recipe == NULL) return NULL;
  return strcmp(remembered->shown, text->text) == 0 ? remembered->recipe : NULL;
}

/// Remembers at `text` (which shows `text->text` now) its message and recipe, when it
/// has either.
void live_remember(ParlanceShownText *text, const char *message, const char *recipe) {
  if (message[0] == '\0' && recipe[0] == '\0') return;
  char *key = NULL;
  if (text->kind == PARLANCE_TEXT_MODEL_CELL && (key = cell_key(text)) == NULL) return;
  Remembered *remembered = g_new0(Remembered, 1);
  remembered->message = g_strdup(message);
  remembered->recipe = recipe[0] != '\0' ? g_strdup(recipe) : NULL;
  remembered->shown = g_strdup(text->text);
  if (key != NULL) {
    g_hash_table_replace(cells_of(text->object, TRUE), key, remembered);
  } else {
    g_object_set_qdata_full(text->object, remembered_quark(text->property), remembered,
                            remembered_free);
  }
}
