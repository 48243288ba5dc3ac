// What GTK makes itself, made again after gettext switches: the rows a cell data
// function draws, and the header bars' window buttons' names.

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

static void refresh_rows(GtkTreeModel *model, GtkTreeView *view, GHashTable *done) {
  if (model == NULL || !g_hash_table_add(done, model)) return;
  guint count = 0;
  parlance_foreach_shown_row(model, view, announce_row, &count);
}

/// The gtk30 message a header bar named window button `button` with when it made it
/// (gtk/gtkheaderbar.c, `_gtk_header_bar_update_window_buttons`), by its style class;
/// NULL for another widget.
static const char *window_button_message(GtkWidget *button) {
  GtkWidget *parent = gtk_widget_get_parent(button);
  GtkWidget *above = parent != NULL ? gtk_widget_get_parent(parent) : NULL;
  // In a box of the header bar's own (the style context is asked of these only: GTK
  // makes one for a widget when first asked).
  if (!(parent != NULL && GTK_IS_HEADER_BAR(parent)) && !(above != NULL && GTK_IS_HEADER_BAR(above)))
    return NULL;
  GtkStyleContext *style = gtk_widget_get_style_context(button);
  if (!gtk_style_context_has_class(style, "titlebutton")) return NULL;
  if (gtk_style_context_has_class(style, "minimize")) return "Minimize";
  if (gtk_style_context_has_class(style, "close")) return "Close";
  if (gtk_style_context_has_class(style, "appmenu")) return "Application menu";
  if (gtk_style_context_has_class(style, "maximize")) {
    GtkWidget *window = gtk_widget_get_toplevel(button);
    gboolean maximized = GTK_IS_WINDOW(window) && gtk_window_is_maximized(GTK_WINDOW(window));
    return maximized ? "Restore" : "Maximize";
  }
  return NULL;
}

static void rename_window_buttons(GtkWidget *widget, gpointer data) {
  const char *message = GTK_IS_BUTTON(widget) ? window_button_message(widget) : NULL;
  if (message != NULL) {
    parlance_set_accessible_text(gtk_widget_get_accessible(widget), TRUE,
                                 g_dgettext("gtk30", message));
    return;
  }
  // forall: the window buttons are the header bar's own children.
  if (GTK_IS_CONTAINER(widget)) gtk_container_forall(GTK_CONTAINER(widget), rename_window_buttons, data);
}

void parlance_renew_window_buttons(void) {
  // Named again in place, as the header bar named them: having it make them again (by
  // announcing the layout setting) made at-spi2-atk complain of each button it lost.
  GList *windows = gtk_window_list_toplevels();
  for (GList *window = windows; window != NULL; window = window->next) {
    rename_window_buttons(window->data, NULL);
  }
  g_list_free(windows);
}

void parlance_refresh_rendered_rows(GPtrArray *views) {
  GHashTable *done = g_hash_table_new(NULL, NULL);
  for (guint index = 0; index < views->len; index++) {
    GObject *view = g_ptr_array_index(views, index);
    if (GTK_IS_TREE_VIEW(view)) {
      refresh_rows(gtk_tree_view_get_model(GTK_TREE_VIEW(view)), GTK_TREE_VIEW(view), done);
    } else if (GTK_IS_COMBO_BOX(view)) {
      refresh_rows(gtk_combo_box_get_model(GTK_COMBO_BOX(view)), NULL, done);
    }
  }
  g_hash_table_unref(done);
}

void parlance_announce_changed_rows(GPtrArray *windows) {
  GHashTable *announced = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint window = 0; window < windows->len; window++) {
    GPtrArray *shown = g_ptr_array_index(windows, window);
    for (guint index = 0; index < shown->len; index++) {
      ParlanceShownText *text = g_ptr_array_index(shown, index);
      if (text->kind != PARLANCE_TEXT_MODEL_CELL || parlance_is_store(text->object) ||
          text->row == NULL || text->column < 0)
        continue;
      GtkTreeModel *model = GTK_TREE_MODEL(text->object);
      GtkTreePath *path = gtk_tree_row_reference_get_path(text->row);
      GtkTreeIter iter;
      if (path == NULL) continue;  // the row is gone
      char *value = NULL;
      if (gtk_tree_model_get_iter(model, &iter, path)) {
        gtk_tree_model_get(model, &iter, text->column, &value, -1);
        if (g_strcmp0(value, text->text) != 0) {
          char *row = gtk_tree_path_to_string(path);
          // The table owns the key, added or not; each row is announced once.
          if (g_hash_table_add(announced, g_strdup_printf("%p:%s", (void *)model, row))) {
            gtk_tree_model_row_changed(model, path, &iter);
          }
          g_free(row);
        }
      }
      g_free(value);
      gtk_tree_path_free(path);
    }
  }
  g_hash_table_unref(announced);
}
