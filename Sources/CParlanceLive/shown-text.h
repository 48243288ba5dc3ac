#ifndef PARLANCE_SHOWN_TEXT_H
#define PARLANCE_SHOWN_TEXT_H

// What the walk (walk.c, walk-models.c, walk-stock.c), setting a text (set.c) and the
// refresh (refresh.c) share, not part of CParlanceLive's interface.

#include "CParlanceLive.h"

/// The first label inside `widget` (a button's, beside its image), or NULL.
GtkLabel *parlance_first_label(GtkWidget *widget);
void parlance_set_accessible_text(AtkObject *accessible, gboolean is_name, const char *value);

/// Whether a model's rows can be set again: a list or tree store's.
gboolean parlance_is_store(gpointer model);

/// Whether `layout` (a tree view column, a combo box) has a text renderer given its text
/// by a function rather than a model column: a cell data function, which makes the text
/// each time the row is drawn (often through gettext: "N/A", a priority's name).
gboolean parlance_renders_text_by_function(GtkCellLayout *layout);

/// What a walk collects into, and whether it asks widgets for their accessibles.
typedef struct {
  GPtrArray *texts;
  /// `ParlanceWalkOptions`.
  guint options;
  /// The GtkActions whose texts are collected already (one action, many proxies).
  GHashTable *actions;
  /// The model columns collected already ("pointer:column"), and the last group number.
  GHashTable *columns;
  guint groups;
  /// The menus and popovers walked already (by this walk and those before it), or NULL.
  GHashTable *visited;
  /// Where the tree views and combo boxes whose text a cell data function makes are
  /// added (referenced), or NULL.
  GPtrArray *rendered;
} Walk;

/// Adds to `texts` the text `value` (unless empty) that `object` shows as `property`.
ParlanceShownText *parlance_add_text(GPtrArray *texts, gpointer object, const char *property,
                                     const char *value, ParlanceTextKind kind);

/// Adds to `texts` the string property `name` of `object`, when it has one (walk.c).
void parlance_add_property(GPtrArray *texts, gpointer object, const char *name);

/// Whether `widget`, a GtkImageMenuItem, shows the stock item its `label` names; when
/// its own child label shows another text, `*relabelled` is that label (walk-stock.c).
gboolean parlance_is_stock_menu_item(GtkWidget *widget, const char *label,
                                     GtkWidget **relabelled);

/// Whether `widget` is GtkUIManager's filler of an empty menu, still labelled with
/// gtk30's "Empty" (walk-stock.c).
gboolean parlance_is_empty_menu_filler(GtkWidget *widget, const char *label);

/// Adds a GtkAction's label, short label and tooltip to `texts` (walk-stock.c).
void parlance_visit_action(GtkAction *action, GPtrArray *texts);

/// The model a GtkTreeModelFilter or GtkTreeModelSort shows, or NULL for another model
/// (walk-models.c).
GtkTreeModel *parlance_model_below(GtkTreeModel *model);

/// Calls `func` on every row of a list or tree store; on the rows of another model
/// (the program's own, a filter or sort), only those GTK reads to show it: the top
/// rows, and below a row `view` (a tree view, or NULL) has expanded (walk-models.c).
void parlance_foreach_shown_row(GtkTreeModel *model, GtkTreeView *view,
                                GtkTreeModelForeachFunc func, gpointer data);

/// The rows of `model` that `layout` shows through a text renderer (walk-models.c).
void parlance_visit_model(GtkCellLayout *layout, GtkTreeModel *model, Walk *walk);

/// The names GTK gives the rows of a GtkFileChooserButton's combo box (walk-models.c).
void parlance_visit_file_chooser_rows(GtkWidget *combo, Walk *walk);

#endif
