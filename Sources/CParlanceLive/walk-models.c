// The walk's reading of models (walk.c): the rows a combo box or a tree view column
// shows with a text renderer, and a file chooser button's folders.

#include <string.h>

#include "CParlanceLive.h"
#include "shown-text.h"

typedef struct {
  Walk *walk;
  int column;
  const char *attribute;
  guint group;
  /// The combo box or tree view column showing the model.
  GObject *view;
  /// How many more rows are read (a model of the program's own is read, not set: its
  /// first rows only).
  guint rows_left;
} ColumnWalk;

/// At most this many rows of a column of a model that is no list or tree store are read:
/// such a model is the program's own (or a filter or sort of one), read for the report
/// and never set, and may be long.
#define OWN_MODEL_ROWS 200

static gboolean add_cell(GtkTreeModel *model, GtkTreePath *path, GtkTreeIter *iter,
                         gpointer data) {
  ColumnWalk *column = data;
  if (column->rows_left == 0) return TRUE;
  column->rows_left--;
  char *value = NULL;
  gtk_tree_model_get(model, iter, column->column, &value, -1);
  ParlanceShownText *text =
      parlance_add_text(column->walk->texts, model, column->attribute, value, PARLANCE_TEXT_MODEL_CELL);
  if (text != NULL) {
    text->row = gtk_tree_row_reference_new(model, path);
    text->column = column->column;
    text->group = column->group;
    text->view = g_object_ref(column->view);
  }
  g_free(value);
  return FALSE;
}

/// Calls `func` on the rows of one level from `iter` (at `path`) on, and on the rows
/// below those `view` has expanded, until it returns TRUE; returns whether it did.
static gboolean visit_level(GtkTreeModel *model, GtkTreeView *view, GtkTreeIter *iter,
                            GtkTreePath *path, GtkTreeModelForeachFunc func, gpointer data) {
  do {
    if (func(model, path, iter, data)) return TRUE;
    GtkTreeIter child;
    if (view != NULL && gtk_tree_view_row_expanded(view, path) &&
        gtk_tree_model_iter_children(model, &child, iter)) {
      gtk_tree_path_down(path);
      gboolean stopped = visit_level(model, view, &child, path, func, data);
      gtk_tree_path_up(path);
      if (stopped) return TRUE;
    }
    gtk_tree_path_next(path);
  } while (gtk_tree_model_iter_next(model, iter));
  return FALSE;
}

void parlance_foreach_shown_row(GtkTreeModel *model, GtkTreeView *view,
                                GtkTreeModelForeachFunc func, gpointer data) {
  if (parlance_is_store(model)) {
    gtk_tree_model_foreach(model, func, data);
    return;
  }
  // A model of the program's own may make a row only once its view asks for it: its
  // top rows, and the children of a row the tree view has expanded, are all GTK has
  // read (font-manager's categories crash when a collapsed row's children are read).
  if (view != NULL && gtk_tree_view_get_model(view) != model) view = NULL;
  GtkTreeIter iter;
  if (!gtk_tree_model_get_iter_first(model, &iter)) return;
  GtkTreePath *path = gtk_tree_path_new_first();
  visit_level(model, view, &iter, path, func, data);
  gtk_tree_path_free(path);
}

/// The tree view a column belongs to, or NULL (a combo box, a column of none).
static GtkTreeView *tree_view_of(GtkCellLayout *layout) {
  if (!GTK_IS_TREE_VIEW_COLUMN(layout)) return NULL;
  GtkWidget *view = gtk_tree_view_column_get_tree_view(GTK_TREE_VIEW_COLUMN(layout));
  return view != NULL && GTK_IS_TREE_VIEW(view) ? GTK_TREE_VIEW(view) : NULL;
}

GtkTreeModel *parlance_model_below(GtkTreeModel *model) {
  if (GTK_IS_TREE_MODEL_FILTER(model)) {
    return gtk_tree_model_filter_get_model(GTK_TREE_MODEL_FILTER(model));
  }
  if (GTK_IS_TREE_MODEL_SORT(model)) {
    return gtk_tree_model_sort_get_model(GTK_TREE_MODEL_SORT(model));
  }
  return NULL;
}

/// Whether column `column` of `model` (a filter or sort) reads as `store`'s for each of
/// its first rows: a filter may make its columns with a function of the program's
/// (`gtk_tree_model_filter_set_modify_func`), which no setting of the store would reach.
static gboolean shows_store_column(GtkTreeModel *model, GtkTreeModel *store, int column) {
  GtkTreeIter iter;
  gboolean valid = gtk_tree_model_get_iter_first(model, &iter);
  for (int checked = 0; valid && checked < 50; checked++) {
    GtkTreeIter inner = iter;
    // Down through each filter and sort to the store's row.
    for (GtkTreeModel *level = model; level != store; level = parlance_model_below(level)) {
      GtkTreeIter below;
      if (GTK_IS_TREE_MODEL_FILTER(level)) {
        gtk_tree_model_filter_convert_iter_to_child_iter(GTK_TREE_MODEL_FILTER(level), &below,
                                                         &inner);
      } else {
        gtk_tree_model_sort_convert_iter_to_child_iter(GTK_TREE_MODEL_SORT(level), &below,
                                                       &inner);
      }
      inner = below;
    }
    char *shown = NULL;
    char *stored = NULL;
    gtk_tree_model_get(model, &iter, column, &shown, -1);
    gtk_tree_model_get(store, &inner, column, &stored, -1);
    gboolean same = g_strcmp0(shown, stored) == 0;
    g_free(shown);
    g_free(stored);
    if (!same) return FALSE;
    valid = gtk_tree_model_iter_next(model, &iter);
  }
  return TRUE;
}

/// The list or tree store a filter or sort (or a chain of them) shows column `column` of,
/// or NULL: `model` itself when it is a store.
static GtkTreeModel *store_below(GtkTreeModel *model, int column) {
  GtkTreeModel *level = model;
  for (GtkTreeModel *child; (child = parlance_model_below(level)) != NULL; level = child) {
    if (gtk_tree_model_get_n_columns(child) <= column ||
        gtk_tree_model_get_column_type(child, column) != G_TYPE_STRING)
      return NULL;
  }
  if (!parlance_is_store(level)) return NULL;
  return level == model || shows_store_column(model, level, column) ? level : NULL;
}

/// The strings of `model` that `layout` (a combo box, a tree view column) shows through
/// a text renderer's `text` or `markup` attribute, each column once. The rows of a list
/// or tree store can be set again (`text`, `markup`); those of a model of the program's
/// own, or of one filtered or sorted, are read, not set (`own-text`, `own-markup`: the
/// first 200 of the rows GTK reads to show it, `parlance_foreach_shown_row`), for the
/// report to say what the program keeps there.
void parlance_visit_model(GtkCellLayout *layout, GtkTreeModel *shown, Walk *walk) {
  if ((walk->options & PARLANCE_WALK_MODELS) == 0 || shown == NULL) return;
  GtkCellArea *area = gtk_cell_layout_get_area(layout);
  if (area == NULL) return;
  GList *cells = gtk_cell_layout_get_cells(layout);
  for (GList *cell = cells; cell != NULL; cell = cell->next) {
    if (!GTK_IS_CELL_RENDERER_TEXT(cell->data)) continue;
    const char *attributes[] = {"text", "markup"};
    const char *own[] = {"own-text", "own-markup"};
    for (size_t index = 0; index < G_N_ELEMENTS(attributes); index++) {
      int column = gtk_cell_area_attribute_get_column(area, cell->data, attributes[index]);
      if (column < 0 || gtk_tree_model_get_column_type(shown, column) != G_TYPE_STRING)
        continue;
      // A store shown through a filter or sort is read and set as the store: every row,
      // those the filter hides too, which show the new language when they come back.
      GtkTreeModel *store = store_below(shown, column);
      gboolean settable = store != NULL;
      GtkTreeModel *model = settable ? store : shown;
      char *key = g_strdup_printf("%p:%d", (void *)model, column);
      if (!g_hash_table_add(walk->columns, key)) continue;  // the set owns key either way
      ColumnWalk column_walk = {walk,
                                column,
                                settable ? attributes[index] : own[index],
                                settable ? ++walk->groups : 0,
                                G_OBJECT(layout),
                                settable ? G_MAXUINT : OWN_MODEL_ROWS};
      parlance_foreach_shown_row(model, tree_view_of(layout), add_cell, &column_walk);
    }
  }
  g_list_free(cells);
}

/// GtkFileChooserButton's model (gtk/gtkfilechooserbutton.c, GTK 3.24): a list store
/// of an icon, the name shown, the row's type, its file or volume, whether it is a
/// folder and a cancellable, under the filter its combo box shows.
enum { CHOOSER_NAME_COLUMN = 1, CHOOSER_TYPE_COLUMN = 2, CHOOSER_DATA_COLUMN = 3, CHOOSER_COLUMNS = 6 };
/// The row types whose names GTK translates: a special folder (Home and Desktop, Home's
/// being its folder's own name), a volume ("File System"), "Other…", "(None)".
enum { CHOOSER_SPECIAL = 0, CHOOSER_VOLUME = 1, CHOOSER_OTHER = 8, CHOOSER_EMPTY = 9 };

typedef struct {
  Walk *walk;
  GObject *combo;
} ChooserWalk;

static gboolean add_chooser_row(GtkTreeModel *model, GtkTreePath *path, GtkTreeIter *iter,
                                gpointer data) {
  ChooserWalk *chooser = data;
  char type = 0;
  gpointer file = NULL;
  char *value = NULL;
  gtk_tree_model_get(model, iter, CHOOSER_TYPE_COLUMN, &type, CHOOSER_DATA_COLUMN, &file,
                     CHOOSER_NAME_COLUMN, &value, -1);
  gboolean translated = type == CHOOSER_VOLUME || type == CHOOSER_OTHER || type == CHOOSER_EMPTY;
  if (type == CHOOSER_SPECIAL && file != NULL && G_IS_FILE(file)) {
    // Home shows its folder's name, the user's: only Desktop is GTK's text.
    char *folder = g_file_get_path(file);
    translated = folder == NULL || strcmp(folder, g_get_home_dir()) != 0;
    g_free(folder);
  }
  ParlanceShownText *text =
      translated ? parlance_add_text(chooser->walk->texts, model, "text", value, PARLANCE_TEXT_MODEL_CELL) : NULL;
  if (text != NULL) {
    text->row = gtk_tree_row_reference_new(model, path);
    text->column = CHOOSER_NAME_COLUMN;
    text->view = g_object_ref(chooser->combo);
  }
  g_free(value);
  return FALSE;
}

/// The names GTK gives the rows of a GtkFileChooserButton's combo box, each a row of
/// its own (no group: the user's folders and bookmarks beside them are left out, not
/// read), whether or not the walk reads models: they are GTK's texts, not the program's.
void parlance_visit_file_chooser_rows(GtkWidget *combo, Walk *walk) {
  GtkTreeModel *filter = gtk_combo_box_get_model(GTK_COMBO_BOX(combo));
  GtkTreeModel *model =
      GTK_IS_TREE_MODEL_FILTER(filter) ? gtk_tree_model_filter_get_model(GTK_TREE_MODEL_FILTER(filter)) : NULL;
  if (model == NULL || !GTK_IS_LIST_STORE(model) ||
      gtk_tree_model_get_n_columns(model) != CHOOSER_COLUMNS ||
      gtk_tree_model_get_column_type(model, CHOOSER_NAME_COLUMN) != G_TYPE_STRING ||
      gtk_tree_model_get_column_type(model, CHOOSER_TYPE_COLUMN) != G_TYPE_CHAR ||
      gtk_tree_model_get_column_type(model, CHOOSER_DATA_COLUMN) != G_TYPE_POINTER)
    return;
  char *key = g_strdup_printf("%p:%d", (void *)model, CHOOSER_NAME_COLUMN);
  if (!g_hash_table_add(walk->columns, key)) return;  // the set owns key either way
  ChooserWalk chooser = {walk, G_OBJECT(combo)};
  gtk_tree_model_foreach(model, add_chooser_row, &chooser);
}
