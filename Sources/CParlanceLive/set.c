// Setting a text the walk read (walk.c) in place: a property, a stock item given again,
// a child property, a store's row; a row of a model of the program's own is never set.

#include <string.h>

#include "CParlanceLive.h"
#include "shown-text.h"

gboolean parlance_is_store(gpointer model) {
  return GTK_IS_LIST_STORE(model) || GTK_IS_TREE_STORE(model);
}

gboolean parlance_shown_text_is_settable(const ParlanceShownText *text) {
  return text->kind != PARLANCE_TEXT_MODEL_CELL || parlance_is_store(text->object);
}

const char *parlance_stock_context(const ParlanceShownText *text) {
  if (text->kind != PARLANCE_TEXT_STOCK) return NULL;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  const char *stock_id =
      GTK_IS_ACTION(text->object) ? gtk_action_get_stock_id(GTK_ACTION(text->object)) : text->text;
  GtkStockItem item;
  gboolean found = stock_id != NULL && gtk_stock_lookup(stock_id, &item);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (!found || item.translation_domain == NULL) return "Stock label";
  // GTK's items are in domains "gtk30", "gtk30-navigation" and "gtk30-media"
  // (gtk/deprecated/gtkstock.c), each translated with its own context.
  if (g_str_has_suffix(item.translation_domain, "-navigation")) return "Stock label, navigation";
  if (g_str_has_suffix(item.translation_domain, "-media")) return "Stock label, media";
  return "Stock label";
}

/// Sets the name (`is_name`) or description of `accessible` to `value` without freeing a
/// string the module did not make. A program may have written the field itself with a
/// string it does not own: gnome-boxes (Vala) gives a popover's accessible a translation
/// straight from the catalog gettext mapped, and ATK's own setter frees the field's old
/// string, which aborted it. The field takes a copy, which the next such call frees:
/// the string a program wrote is left to it (at most one per name it set). A class that
/// sets names its own way is left to do so.
void parlance_set_accessible_text(AtkObject *accessible, gboolean is_name, const char *value) {
  static GQuark name_quark = 0, description_quark = 0;
  if (name_quark == 0) {
    name_quark = g_quark_from_static_string("parlance-accessible-name");
    description_quark = g_quark_from_static_string("parlance-accessible-description");
  }
  AtkObjectClass *klass = ATK_OBJECT_GET_CLASS(accessible);
  AtkObjectClass *base = g_type_class_peek(ATK_TYPE_OBJECT);
  if (base == NULL || (is_name ? klass->set_name != base->set_name
                               : klass->set_description != base->set_description)) {
    if (is_name) {
      atk_object_set_name(accessible, value);
    } else {
      atk_object_set_description(accessible, value);
    }
    return;
  }
  gchar **field = is_name ? &accessible->name : &accessible->description;
  GQuark quark = is_name ? name_quark : description_quark;
  gchar *old = *field;
  gboolean made_here = old != NULL && old == g_object_get_qdata(G_OBJECT(accessible), quark);
  *field = g_strdup(value);
  g_object_set_qdata(G_OBJECT(accessible), quark, *field);
  if (made_here) g_free(old);
  // As ATK's setters say it (not for a first one: ATK's bug 665870).
  if (old != NULL) {
    g_object_notify(G_OBJECT(accessible), is_name ? "accessible-name" : "accessible-description");
  }
}

void parlance_set_shown_text(ParlanceShownText *text, const char *value) {
  if (text->kind == PARLANCE_TEXT_STOCK) {
    // The same stock id (a copy: a GtkImageMenuItem compares the pointer): GTK looks
    // its label up again in the current language.
    if (GTK_IS_MENU_ITEM(text->object)) {
      gtk_menu_item_set_label(GTK_MENU_ITEM(text->object), text->text);
    } else if (GTK_IS_BUTTON(text->object)) {
      gtk_button_set_label(GTK_BUTTON(text->object), text->text);
    } else {
      // A GtkAction without a label of its own takes its stock item's again (and its
      // short label follows); its text is the label, not the stock id.
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      if (!GTK_IS_ACTION(text->object)) return;
      gtk_action_set_label(GTK_ACTION(text->object), NULL);
      const char *label = gtk_action_get_label(GTK_ACTION(text->object));
      G_GNUC_END_IGNORE_DEPRECATIONS
      g_free(text->text);
      text->text = g_strdup(label != NULL ? label : "");
      return;
    }
    GtkLabel *label = parlance_first_label(GTK_WIDGET(text->object));
    g_free(text->display);
    text->display = label != NULL ? g_strdup(gtk_label_get_label(label)) : NULL;
    return;
  }
  if (strcmp(text->text, value) == 0) return;
  if (text->kind == PARLANCE_TEXT_MODEL_CELL) {
    // Not when the row is gone since it was read.
    GtkTreePath *path = text->row != NULL ? gtk_tree_row_reference_get_path(text->row) : NULL;
    GtkTreeModel *model = GTK_TREE_MODEL(text->object);
    GtkTreeIter iter;
    // A model of the program's own is read, never set.
    if (!parlance_shown_text_is_settable(text)) {
      if (path != NULL) gtk_tree_path_free(path);
      return;
    }
    if (path == NULL || !gtk_tree_model_get_iter(model, &iter, path)) {
      if (path != NULL) gtk_tree_path_free(path);
      return;
    }
    gtk_tree_path_free(path);
    if (GTK_IS_LIST_STORE(model)) {
      gtk_list_store_set(GTK_LIST_STORE(model), &iter, text->column, value, -1);
    } else {
      gtk_tree_store_set(GTK_TREE_STORE(model), &iter, text->column, value, -1);
    }
  } else if (text->kind == PARLANCE_TEXT_CHILD_PROPERTY) {
    // Not when the page has left its stack (or assistant, whose pages are its
    // notebook's) since it was read.
    if (text->container == NULL) return;
    GtkWidget *page = GTK_WIDGET(text->object);
    GtkWidget *container = GTK_WIDGET(text->container);
    if (GTK_IS_ASSISTANT(container) ? !gtk_widget_is_ancestor(page, container)
                                    : gtk_widget_get_parent(page) != container)
      return;
    gtk_container_child_set(GTK_CONTAINER(text->container), GTK_WIDGET(text->object),
                            text->property, value, NULL);
  } else if (strcmp(text->property, "title") == 0 && GTK_IS_TREE_VIEW_COLUMN(text->object)) {
    gtk_tree_view_column_set_title(GTK_TREE_VIEW_COLUMN(text->object), value);
  } else if (ATK_IS_OBJECT(text->object) && (strcmp(text->property, "accessible-name") == 0 ||
                                              strcmp(text->property, "accessible-description") == 0)) {
    parlance_set_accessible_text(ATK_OBJECT(text->object),
                                 strcmp(text->property, "accessible-name") == 0, value);
  } else if (strcmp(text->property, "tooltip-markup") == 0 && GTK_IS_WIDGET(text->object)) {
    gtk_widget_set_tooltip_markup(GTK_WIDGET(text->object), value);
    g_object_notify(text->object, "tooltip-text");
  } else {
    g_object_set(text->object, text->property, value, NULL);
  }
  g_free(text->text);
  text->text = g_strdup(value);
}
