// The walk's reading of GTK's stock items (walk.c): a stock menu item's label, which GTK
// makes again from the item, GtkUIManager's empty-menu filler, and the texts of a
// GtkAction shown by GtkUIManager's menus and toolbars.

#include <string.h>

#include "CParlanceLive.h"
#include "shown-text.h"

/// Whether `widget` is a GtkImageMenuItem showing the stock item `label` names (its
/// label is the stock id, and GTK translates the item's label when it is set again).
/// When the item's own label shows another text, the program wrote it there after GTK
/// made the item (wxWidgets makes its menus so: the stock id for the icon, then its own
/// "_Online-Hilfe" on gtk-help): `*relabelled` is that label, a text of its own, and the
/// item is no stock item.
gboolean parlance_is_stock_menu_item(GtkWidget *widget, const char *label,
                                     GtkWidget **relabelled) {
  *relabelled = NULL;
  gboolean stock = FALSE;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkStockItem item;
  stock = label != NULL &&
          gtk_image_menu_item_get_use_stock(GTK_IMAGE_MENU_ITEM(widget)) &&
          gtk_stock_lookup(label, &item);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (!stock) return FALSE;
  // GTK sets the child label to the item's label (gtk_stock_lookup translates it);
  // gtk_stock_lookup hands out a copy whose strings stay GTK's.
  GtkWidget *child = gtk_bin_get_child(GTK_BIN(widget));
  if (GTK_IS_LABEL(child) && item.label != NULL &&
      g_strcmp0(gtk_label_get_label(GTK_LABEL(child)), item.label) != 0) {
    *relabelled = child;
    return FALSE;
  }
  return TRUE;
}

/// Whether `widget` is the item GtkUIManager puts into a menu it makes empty, labelled
/// with gtk30's "Empty" and marked "gtk-empty-menu-item" (gtk/deprecated/gtkuimanager.c),
/// and still shows that label in the language gettext answers in now: a program's own
/// "Empty" may read the same and mean another thing (gnumeric's border "Sans décor").
gboolean parlance_is_empty_menu_filler(GtkWidget *widget, const char *label) {
  // Asked of every menu item: the quark made once, as for related_action's.
  static GQuark filler_quark = 0;
  if (filler_quark == 0) filler_quark = g_quark_from_static_string("gtk-empty-menu-item");
  return label != NULL && g_object_get_qdata(G_OBJECT(widget), filler_quark) != NULL &&
         strcmp(label, g_dgettext("gtk30", "Empty")) == 0;
}

/// Whether `action`, whose label reads as its stock item's, was given no label of its
/// own. GTK keeps that in a private flag, and gives such an action its item's label
/// again whenever its stock id is set (gtk/deprecated/gtkaction.c): with no stock id,
/// the label goes only when it was the item's. The stock id is then set back, which
/// gives the item's label back; notifications wait until both are done, so that the
/// action's proxies see its label and stock id only as they were.
static gboolean takes_stock_label(GtkAction *action, const char *stock_id) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  char *kept = g_strdup(stock_id);
  g_object_freeze_notify(G_OBJECT(action));
  gtk_action_set_stock_id(action, NULL);
  gboolean from_stock = gtk_action_get_label(action) == NULL;
  gtk_action_set_stock_id(action, kept);
  g_object_thaw_notify(G_OBJECT(action));
  g_free(kept);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return from_stock;
}

/// A GtkAction's label, short label and tooltip. A label it takes from its stock item
/// (its stock id's, and no label of its own: "_Vor" is the navigation's "_Forward" of
/// gtk-go-forward, not the media's) is a stock text, made again by GTK from the item;
/// its short label then follows it. A label of its own is the program's, even where it
/// reads as the item's (ristretto's "_Edit" and gtk-edit's are both "_Bearbeiten").
void parlance_visit_action(GtkAction *action, GPtrArray *texts) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  const char *stock_id = gtk_action_get_stock_id(action);
  const char *label = gtk_action_get_label(action);
  GtkStockItem item;
  gboolean stock = stock_id != NULL && label != NULL && gtk_stock_lookup(stock_id, &item) &&
                   item.label != NULL && strcmp(item.label, label) == 0 &&
                   takes_stock_label(action, stock_id);
  // Read again: the probe gave the action the same label in a new string.
  label = gtk_action_get_label(action);
  const char *short_label = gtk_action_get_short_label(action);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (stock) {
    parlance_add_text(texts, action, "label", label, PARLANCE_TEXT_STOCK);
    if (short_label != NULL && strcmp(short_label, label) != 0) {
      parlance_add_property(texts, action, "short-label");
    }
  } else {
    parlance_add_property(texts, action, "label");
    parlance_add_property(texts, action, "short-label");
  }
  parlance_add_property(texts, action, "tooltip");
}
