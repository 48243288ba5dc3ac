#include "CParlanceLive.h"
#include "shown-text.h"

#include <string.h>

/// A search under a widget for the label that shows a text.
typedef struct {
  const char *text;
  /// The text without its mnemonic marks, as a tool button shows an action's label.
  char *elided;
  int depth;
  GtkLabel *found;
} LabelSearch;

/// `text` without the underscores that mark a mnemonic (`__` is one underscore).
static char *without_mnemonics(const char *text) {
  char *result = g_malloc(strlen(text) + 1);
  char *out = result;
  for (const char *in = text; *in != '\0'; in++) {
    if (*in == '_' && in[1] != '\0') in++;
    *out++ = *in;
  }
  *out = '\0';
  return result;
}

static void search_label(GtkWidget *widget, gpointer data);

/// The label under `widget` (itself, its children and internal children, a few levels
/// down) that shows `text` as it was set (`label`: mnemonic and markup included), as it
/// reads (`text`), or as it reads without its mnemonic marks (a tool button's), or NULL.
static GtkLabel *label_showing(GtkWidget *widget, const char *text) {
  if (widget == NULL) return NULL;
  LabelSearch search = {text, without_mnemonics(text), 0, NULL};
  search_label(widget, &search);
  g_free(search.elided);
  return search.found;
}

static void search_label(GtkWidget *widget, gpointer data) {
  LabelSearch *search = data;
  if (search->found != NULL || search->depth > 8) return;
  if (GTK_IS_LABEL(widget)) {
    GtkLabel *label = GTK_LABEL(widget);
    const char *shown = gtk_label_get_text(label);
    if (strcmp(gtk_label_get_label(label), search->text) == 0 ||
        strcmp(shown, search->text) == 0 || strcmp(shown, search->elided) == 0)
      search->found = label;
    return;
  }
  if (!GTK_IS_CONTAINER(widget)) return;
  search->depth++;
  gtk_container_forall(GTK_CONTAINER(widget), search_label, search);
  search->depth--;
}

gboolean parlance_widget_has_room(GtkWidget *widget) {
  for (GtkWidget *inside = widget; inside != NULL; inside = gtk_widget_get_parent(inside)) {
    GtkAllocation allocation;
    gtk_widget_get_allocation(inside, &allocation);
    if (allocation.width <= 1 && allocation.height <= 1) return FALSE;
  }
  return TRUE;
}

/// Adds the rectangle `area` of `widget` (in its own coordinates) as a place, clipped
/// to the widget's allocation, in the coordinates of its toplevel; nothing when the
/// widget is not drawn or nothing of the rectangle is inside it.
static void add_area(GArray *places, GtkWidget *widget, GdkRectangle area, int needed) {
  if (!gtk_widget_is_drawable(widget) || !parlance_widget_has_room(widget)) return;
  GtkWidget *toplevel = gtk_widget_get_toplevel(widget);
  if (!gtk_widget_is_toplevel(toplevel) || !gtk_widget_get_mapped(toplevel)) return;
  GtkAllocation allocation;
  gtk_widget_get_allocation(widget, &allocation);
  GdkRectangle bounds = {0, 0, allocation.width, allocation.height};
  GdkRectangle shown;
  if (!gdk_rectangle_intersect(&area, &bounds, &shown)) return;
  int x = 0;
  int y = 0;
  if (!gtk_widget_translate_coordinates(widget, toplevel, shown.x, shown.y, &x, &y)) return;
  ParlanceTextPlace place = {toplevel, x, y, shown.width, shown.height, needed};
  g_array_append_val(places, place);
}

/// The width `layout` needs to show its text whole, when it is cut short with an
/// ellipsis; else 0.
static int needed_width(PangoLayout *layout) {
  if (!pango_layout_is_ellipsized(layout)) return 0;
  PangoLayout *whole = pango_layout_copy(layout);
  pango_layout_set_ellipsize(whole, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_width(whole, -1);
  int width = 0;
  pango_layout_get_pixel_size(whole, &width, NULL);
  g_object_unref(whole);
  return width;
}

/// The place of `label`'s text: its layout's logical extents where GTK draws it.
static void add_label(GArray *places, GtkLabel *label) {
  GtkWidget *widget = GTK_WIDGET(label);
  if (!gtk_widget_is_drawable(widget)) return;
  PangoLayout *layout = gtk_label_get_layout(label);
  PangoRectangle logical;
  pango_layout_get_pixel_extents(layout, NULL, &logical);
  // Where the layout is drawn, in the coordinates of the label's window: the label's
  // own are those less its allocation's origin.
  int x = 0;
  int y = 0;
  gtk_label_get_layout_offsets(label, &x, &y);
  GtkAllocation allocation;
  gtk_widget_get_allocation(widget, &allocation);
  GdkRectangle area = {x - allocation.x + logical.x, y - allocation.y + logical.y, logical.width,
                       logical.height};
  // Cut short: with an ellipsis, or clipped by an allocation narrower than the text (as
  // Label.isTruncated says of a .ui file's labels).
  int needed = needed_width(layout);
  if (needed == 0 && logical.width > allocation.width) needed = logical.width;
  add_area(places, widget, area, needed);
}

/// The place of the whole of `widget`.
static void add_widget(GArray *places, GtkWidget *widget) {
  GtkAllocation allocation;
  gtk_widget_get_allocation(widget, &allocation);
  GdkRectangle area = {0, 0, allocation.width, allocation.height};
  add_area(places, widget, area, 0);
}

/// The label under `widget` showing `text`, else (when `whole` is set) all of `widget`.
static void add_shown(GArray *places, GtkWidget *widget, const char *text, gboolean whole) {
  if (widget == NULL || !gtk_widget_is_drawable(widget)) return;
  GtkLabel *label = label_showing(widget, text);
  if (label != NULL) {
    add_label(places, label);
  } else if (whole) {
    add_widget(places, widget);
  }
}

/// A search for the stack switchers of one stack.
typedef struct {
  GtkStack *stack;
  GPtrArray *switchers;
} SwitcherSearch;

static void search_switchers(GtkWidget *widget, gpointer data) {
  SwitcherSearch *search = data;
  if (GTK_IS_STACK_SWITCHER(widget) &&
      gtk_stack_switcher_get_stack(GTK_STACK_SWITCHER(widget)) == search->stack) {
    g_ptr_array_add(search->switchers, widget);
  }
  if (GTK_IS_CONTAINER(widget)) gtk_container_forall(GTK_CONTAINER(widget), search_switchers, data);
}

/// The places of a stack page's title: in each stack switcher of its stack shown in the
/// same window, the button's label of that title.
static void add_switcher_titles(GArray *places, const ParlanceShownText *text) {
  if (strcmp(text->property, "title") != 0 || text->container == NULL ||
      !GTK_IS_STACK(text->container))
    return;
  GtkWidget *toplevel = gtk_widget_get_toplevel(GTK_WIDGET(text->container));
  if (!gtk_widget_is_toplevel(toplevel)) return;
  SwitcherSearch search = {GTK_STACK(text->container), g_ptr_array_new()};
  search_switchers(toplevel, &search);
  for (guint index = 0; index < search.switchers->len; index++) {
    add_shown(places, g_ptr_array_index(search.switchers, index), text->text, FALSE);
  }
  g_ptr_array_unref(search.switchers);
}

/// Where row `path` of `model` is in `shown`, `model` itself or a filter or sort (or a
/// chain of them) of it; NULL where `shown` is neither or hides the row.
static GtkTreePath *path_in(GtkTreeModel *shown, GtkTreeModel *model, GtkTreePath *path) {
  if (shown == model) return gtk_tree_path_copy(path);
  GtkTreeModel *child = parlance_model_below(shown);
  GtkTreePath *below = child != NULL ? path_in(child, model, path) : NULL;
  if (below == NULL) return NULL;
  GtkTreePath *found =
      GTK_IS_TREE_MODEL_FILTER(shown)
          ? gtk_tree_model_filter_convert_child_path_to_path(GTK_TREE_MODEL_FILTER(shown), below)
          : gtk_tree_model_sort_convert_child_path_to_path(GTK_TREE_MODEL_SORT(shown), below);
  gtk_tree_path_free(below);
  return found;
}

/// The place of a model's row: its cell in the tree view column showing it, or the
/// combo box showing it as its active row (the model, or a filter or sort of it).
static void add_cell(GArray *places, const ParlanceShownText *text) {
  if (text->view == NULL || text->row == NULL) return;
  GtkTreePath *row = gtk_tree_row_reference_get_path(text->row);
  if (row == NULL) return;
  GtkTreeModel *shown_model = NULL;
  if (GTK_IS_TREE_VIEW_COLUMN(text->view)) {
    GtkWidget *view = gtk_tree_view_column_get_tree_view(GTK_TREE_VIEW_COLUMN(text->view));
    if (view != NULL) shown_model = gtk_tree_view_get_model(GTK_TREE_VIEW(view));
  } else if (GTK_IS_COMBO_BOX(text->view)) {
    shown_model = gtk_combo_box_get_model(GTK_COMBO_BOX(text->view));
  }
  GtkTreePath *path =
      shown_model != NULL ? path_in(shown_model, GTK_TREE_MODEL(text->object), row) : NULL;
  gtk_tree_path_free(row);
  if (path == NULL) return;
  if (GTK_IS_TREE_VIEW_COLUMN(text->view)) {
    GtkTreeViewColumn *column = GTK_TREE_VIEW_COLUMN(text->view);
    GtkWidget *view = gtk_tree_view_column_get_tree_view(column);
    if (view != NULL && gtk_widget_is_drawable(view) && gtk_tree_view_column_get_visible(column)) {
      GdkRectangle cell;
      gtk_tree_view_get_cell_area(GTK_TREE_VIEW(view), path, column, &cell);
      int x = 0;
      int y = 0;
      gtk_tree_view_convert_bin_window_to_widget_coords(GTK_TREE_VIEW(view), cell.x, cell.y, &x,
                                                        &y);
      GdkRectangle area = {x, y, cell.width, cell.height};
      // A row scrolled out of view lies outside the view's allocation: no place.
      if (cell.width > 0 && cell.height > 0) add_area(places, view, area, 0);
    }
  } else if (GTK_IS_COMBO_BOX(text->view)) {
    // (A GtkFileChooserButton's combo box shows its store through a filter.)
    GtkComboBox *combo = GTK_COMBO_BOX(text->view);
    GtkTreeIter active;
    if (gtk_combo_box_get_active_iter(combo, &active)) {
      GtkTreePath *shown = gtk_tree_model_get_path(shown_model, &active);
      GtkWidget *child = gtk_bin_get_child(GTK_BIN(combo));
      if (gtk_tree_path_compare(shown, path) == 0 && child != NULL) add_widget(places, child);
      gtk_tree_path_free(shown);
    }
  }
  gtk_tree_path_free(path);
}

GArray *parlance_text_places(const ParlanceShownText *text) {
  GArray *places = g_array_new(FALSE, FALSE, sizeof(ParlanceTextPlace));
  const char *property = text->property;
  // Texts nothing draws until asked: tooltips, and what a screen reader reads.
  if (g_str_has_prefix(property, "tooltip") || g_str_has_prefix(property, "accessible-"))
    return places;
  if (text->kind == PARLANCE_TEXT_CHILD_PROPERTY) {
    add_switcher_titles(places, text);
    return places;
  }
  if (text->kind == PARLANCE_TEXT_MODEL_CELL) {
    add_cell(places, text);
    return places;
  }
  GObject *object = text->object;
  if (GTK_IS_TREE_VIEW_COLUMN(object)) {
    add_shown(places, gtk_tree_view_column_get_button(GTK_TREE_VIEW_COLUMN(object)), text->text,
              TRUE);
    return places;
  }
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (GTK_IS_ACTION(object)) {
    // Each proxy shown with a label of the action's text: a tool button shows its short
    // label (the label when it has none), a menu item its label.
    gboolean short_label = strcmp(property, "short-label") == 0;
    for (GSList *proxy = gtk_action_get_proxies(GTK_ACTION(object)); proxy != NULL;
         proxy = proxy->next) {
      if (GTK_IS_TOOL_ITEM(proxy->data) == short_label) {
        add_shown(places, proxy->data, text->text, FALSE);
      }
    }
    return places;
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (!GTK_IS_WIDGET(object)) return places;
  GtkWidget *widget = GTK_WIDGET(object);
  if (GTK_IS_LABEL(widget)) {
    add_label(places, GTK_LABEL(widget));
  } else if (text->kind == PARLANCE_TEXT_STOCK) {
    if (text->display != NULL) add_shown(places, widget, text->display, FALSE);
  } else if (strcmp(property, "placeholder-text") == 0) {
    // Drawn in the entry while it is empty.
    if (GTK_IS_ENTRY(widget) && gtk_entry_get_text_length(GTK_ENTRY(widget)) == 0) {
      add_widget(places, widget);
    }
  } else if (GTK_IS_WINDOW(widget) && strcmp(property, "title") == 0) {
    // Shown by the window's header bar, when it has one and shows no title of its own.
    add_shown(places, gtk_window_get_titlebar(GTK_WINDOW(widget)), text->text, FALSE);
  } else {
    add_shown(places, widget, text->text, FALSE);
  }
  return places;
}

char *parlance_object_name(GObject *object) {
  GObject *named = object;
  if (GTK_IS_TREE_VIEW_COLUMN(object)) {
    GtkWidget *view = gtk_tree_view_column_get_tree_view(GTK_TREE_VIEW_COLUMN(object));
    if (view != NULL) named = G_OBJECT(view);
  } else if (ATK_IS_OBJECT(object) && GTK_IS_ACCESSIBLE(object)) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(object));
    if (widget != NULL) named = G_OBJECT(widget);
  }
  // GtkBuilder names objects its file gives no id `___object_N___`.
  const char *name = GTK_IS_BUILDABLE(named) ? gtk_buildable_get_name(GTK_BUILDABLE(named)) : NULL;
  if (name != NULL && !g_str_has_prefix(name, "___")) {
    return named == object ? g_strdup(name) : g_strdup_printf("%s/%s", name, G_OBJECT_TYPE_NAME(object));
  }
  // The nearest ancestor with an id, then the class.
  if (GTK_IS_WIDGET(named)) {
    for (GtkWidget *parent = gtk_widget_get_parent(GTK_WIDGET(named)); parent != NULL;
         parent = gtk_widget_get_parent(parent)) {
      const char *id = gtk_buildable_get_name(GTK_BUILDABLE(parent));
      if (id != NULL && !g_str_has_prefix(id, "___")) {
        return g_strdup_printf("%s/…/%s", id, G_OBJECT_TYPE_NAME(object));
      }
    }
  }
  return g_strdup(G_OBJECT_TYPE_NAME(object));
}
