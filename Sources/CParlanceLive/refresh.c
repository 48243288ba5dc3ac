// What GTK makes itself, made again after gettext switches: the rows a cell data
// function draws, and the header bars' window buttons.

#include "CParlanceLive.h"
#include "shown-text.h"

gboolean parlance_renders_text_by_function(GtkCellLayout *layout) {
  GtkCellArea *area = gtk_cell_layout_get_area(layout);
  if (area == NULL) return FALSE;
  GList *cells = gtk_cell_layout_get_cells(layout);
  gboolean found = FALSE;
  for (GList *cell = cells; cell != NULL && !found; cell = cell->next) {
    found = GTK_IS_CELL_RENDERER_TEXT(cell->data) &&
            gtk_cell_area_attribute_get_column(area, cell->data, "text") < 0 &&
            gtk_cell_area_attribute_get_column(area, cell->data, "markup") < 0;
  }
  g_list_free(cells);
  return found;
}

/// At most this many rows of one model are announced changed: each announcement makes
/// the view measure its row again, and a list of the user's data may be long.
#define REFRESHED_ROWS_LIMIT 5000

static gboolean announce_row(GtkTreeModel *model, GtkTreePath *path, GtkTreeIter *iter,
                             gpointer data) {
  guint *count = data;
  if (++*count > REFRESHED_ROWS_LIMIT) return TRUE;
  gtk_tree_model_row_changed(model, path, iter);
  return FALSE;
}

static void refresh_rows(GtkTreeModel *model, GHashTable *done) {
  if (model == NULL || !g_hash_table_add(done, model)) return;
  guint count = 0;
  gtk_tree_model_foreach(model, announce_row, &count);
}

void parlance_renew_window_buttons(void) {
  // Each realized header bar makes its window buttons again when the layout setting is
  // announced (gtk/gtkheaderbar.c), naming them through gettext as it does at start.
  GtkSettings *settings = gtk_settings_get_default();
  if (settings != NULL) g_object_notify(G_OBJECT(settings), "gtk-decoration-layout");
}

void parlance_refresh_rendered_rows(GPtrArray *views) {
  GHashTable *done = g_hash_table_new(NULL, NULL);
  for (guint index = 0; index < views->len; index++) {
    GObject *view = g_ptr_array_index(views, index);
    if (GTK_IS_TREE_VIEW(view)) {
      refresh_rows(gtk_tree_view_get_model(GTK_TREE_VIEW(view)), done);
    } else if (GTK_IS_COMBO_BOX(view)) {
      refresh_rows(gtk_combo_box_get_model(GTK_COMBO_BOX(view)), done);
    }
  }
  g_hash_table_unref(done);
}
