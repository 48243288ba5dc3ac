#include "CParlanceLive.h"
#include "shown-text.h"

#include <string.h>

static void shown_text_free(gpointer data) {
  ParlanceShownText *text = data;
  g_object_unref(text->object);
  if (text->container != NULL) g_object_unref(text->container);
  if (text->view != NULL) g_object_unref(text->view);
  if (text->row != NULL) gtk_tree_row_reference_free(text->row);
  g_free(text->text);
  g_free(text->display);
  g_free(text);
}

GtkLabel *parlance_first_label(GtkWidget *widget) {
  if (GTK_IS_LABEL(widget)) return GTK_LABEL(widget);
  if (!GTK_IS_CONTAINER(widget)) return NULL;
  GList *children = gtk_container_get_children(GTK_CONTAINER(widget));
  GtkLabel *found = NULL;
  for (GList *child = children; child != NULL && found == NULL; child = child->next) {
    found = parlance_first_label(child->data);
  }
  g_list_free(children);
  return found;
}

/// What the walk asks of a widget's class, each a bit.
enum {
  KIND_ACTIVATABLE = 1 << 0,
  KIND_WINDOW = 1 << 1,
  KIND_HEADER_BAR = 1 << 2,
  KIND_BUTTON = 1 << 3,
  KIND_TOOL_BUTTON = 1 << 4,
  KIND_MENU_ITEM = 1 << 5,
  KIND_LABEL = 1 << 6,
  KIND_ENTRY = 1 << 7,
  KIND_TREE_VIEW = 1 << 8,
  KIND_COMBO_BOX = 1 << 9,
  /// A stack or an assistant: its pages' titles are its "title" child property.
  KIND_TITLED_PAGES = 1 << 10,
  KIND_CONTAINER = 1 << 11,
  KIND_MENU_OR_POPOVER = 1 << 12,
  KIND_MENU_BUTTON = 1 << 13,
  KIND_IMAGE_MENU_ITEM = 1 << 14,
  /// Set on every kind made: 0 in the table is "not made yet".
  KIND_KNOWN = 1 << 31,
};

/// The kind of `widget`'s class (`KIND_*`): what the walk asks of every widget, a dozen
/// type checks, made once per class instead (a program shows a few dozen classes in
/// thousands of widgets). On the GTK thread only, as the walk is.
static guint widget_kind(GtkWidget *widget) {
  static GHashTable *kinds = NULL;
  if (kinds == NULL) kinds = g_hash_table_new(NULL, NULL);
  GType type = G_OBJECT_TYPE(widget);
  guint kind = GPOINTER_TO_UINT(g_hash_table_lookup(kinds, GSIZE_TO_POINTER(type)));
  if (kind != 0) return kind;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  const struct {
    GType type;
    guint bit;
  } checks[] = {
      {GTK_TYPE_ACTIVATABLE, KIND_ACTIVATABLE}, {GTK_TYPE_WINDOW, KIND_WINDOW},
      {GTK_TYPE_HEADER_BAR, KIND_HEADER_BAR},   {GTK_TYPE_BUTTON, KIND_BUTTON},
      {GTK_TYPE_TOOL_BUTTON, KIND_TOOL_BUTTON}, {GTK_TYPE_MENU_ITEM, KIND_MENU_ITEM},
      {GTK_TYPE_LABEL, KIND_LABEL},             {GTK_TYPE_ENTRY, KIND_ENTRY},
      {GTK_TYPE_TREE_VIEW, KIND_TREE_VIEW},     {GTK_TYPE_COMBO_BOX, KIND_COMBO_BOX},
      {GTK_TYPE_STACK, KIND_TITLED_PAGES},      {GTK_TYPE_CONTAINER, KIND_CONTAINER},
      {GTK_TYPE_MENU, KIND_MENU_OR_POPOVER},    {GTK_TYPE_POPOVER, KIND_MENU_OR_POPOVER},
      {GTK_TYPE_MENU_BUTTON, KIND_MENU_BUTTON}, {GTK_TYPE_IMAGE_MENU_ITEM, KIND_IMAGE_MENU_ITEM},
      {GTK_TYPE_ASSISTANT, KIND_TITLED_PAGES},
  };
  G_GNUC_END_IGNORE_DEPRECATIONS
  kind = KIND_KNOWN;
  for (size_t index = 0; index < G_N_ELEMENTS(checks); index++) {
    if (g_type_is_a(type, checks[index].type)) kind |= checks[index].bit;
  }
  g_hash_table_insert(kinds, GSIZE_TO_POINTER(type), GUINT_TO_POINTER(kind));
  return kind;
}

ParlanceShownText *parlance_add_text(GPtrArray *texts, gpointer object, const char *property,
                                     const char *value, ParlanceTextKind kind) {
  if (value == NULL || value[0] == '\0') return NULL;
  ParlanceShownText *text = g_new0(ParlanceShownText, 1);
  text->object = g_object_ref(G_OBJECT(object));
  text->property = property;
  text->text = g_strdup(value);
  text->kind = kind;
  text->column = -1;
  if (kind == PARLANCE_TEXT_STOCK && GTK_IS_WIDGET(object)) {
    GtkLabel *label = parlance_first_label(GTK_WIDGET(object));
    if (label != NULL) text->display = g_strdup(gtk_label_get_label(label));
  }
  g_ptr_array_add(texts, text);
  return text;
}

/// The string property `name` of `object`, or NULL (newly allocated).
static char *string_property(gpointer object, const char *name) {
  GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), name);
  if (spec == NULL || spec->value_type != G_TYPE_STRING || !(spec->flags & G_PARAM_READABLE))
    return NULL;
  char *value = NULL;
  g_object_get(object, name, &value, NULL);
  return value;
}

void parlance_add_property(GPtrArray *texts, gpointer object, const char *name) {
  char *value = string_property(object, name);
  parlance_add_text(texts, object, name, value, PARLANCE_TEXT_PROPERTY);
  g_free(value);
}

/// Whether `button` shows its `label`: the label GTK made of it (alone, or beside an
/// image) still has that text. A program may set that label's text itself afterwards
/// (darktable shows "löschen (Papierkorb)" on a button whose `label` is "löschen"), or
/// put a child of its own in its place; that child's texts are then its own, and
/// setting the button's `label` would replace them. A stock button shows its item's
/// label, and counts as showing its own.
static gboolean button_shows_its_label(GtkButton *button) {
  const char *label = gtk_button_get_label(button);
  if (label == NULL) return FALSE;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (gtk_button_get_use_stock(button)) return TRUE;
  G_GNUC_END_IGNORE_DEPRECATIONS
  GtkLabel *shown = parlance_first_label(GTK_WIDGET(button));
  return shown == NULL || g_strcmp0(gtk_label_get_label(shown), label) == 0;
}

/// Whether `widget` is the label a button or menu item shows its own label with: that
/// text is set on the owner, which keeps it apart from the child.
static gboolean is_owners_label(GtkWidget *widget) {
  if (!(widget_kind(widget) & KIND_LABEL)) return FALSE;
  GtkWidget *parent = gtk_widget_get_parent(widget);
  // A button's label may sit in a box with its image.
  for (int depth = 0; parent != NULL && depth < 3; depth++) {
    guint kind = widget_kind(parent);
    if ((kind & KIND_BUTTON) && button_shows_its_label(GTK_BUTTON(parent))) return TRUE;
    if (kind & KIND_TOOL_BUTTON) {
      return gtk_tool_button_get_label(GTK_TOOL_BUTTON(parent)) != NULL;
    }
    if (kind & KIND_MENU_ITEM) return gtk_menu_item_get_label(GTK_MENU_ITEM(parent)) != NULL;
    parent = gtk_widget_get_parent(parent);
  }
  return FALSE;
}

static void visit(GtkWidget *widget, gpointer data);


/// Whether GTK gives `widget`'s accessible its name and renews it itself: a tool button
/// names its own button after its label each time the label is set
/// (gtk_tool_button_set_label), and a header bar its window buttons ("Minimize",
/// "Close") each time it makes them, from gtk30 (which a program's own catalog may
/// translate otherwise, or not at all). The style context is asked of a header bar's
/// buttons only: GTK makes one for a widget when first asked.
static gboolean is_named_by_gtk(GtkWidget *widget) {
  GtkWidget *parent = gtk_widget_get_parent(widget);
  return parent != NULL &&
         (GTK_IS_TOOL_BUTTON(parent) ||
          (GTK_IS_HEADER_BAR(parent) && GTK_IS_BUTTON(widget) &&
           gtk_style_context_has_class(gtk_widget_get_style_context(widget), "titlebutton")));
}

/// The names (and descriptions) GTK 3 gives the accessibles of its own widgets from its
/// catalog, once, when it makes them (atk_object_set_name in gtk/*.c, a template's
/// accessible in gtk/ui/*.ui): the widget's class or the GTK class it is part of, and
/// the message's key in gtk30. A program's catalog may show the same
/// text for another message ("Suchen" is devhelp's "Find" as well as GTK's "Search"), so
/// the walk says which one GTK's is.
static const struct {
  const char *owner;
  gboolean owner_is_parent;
  const char *key;
} toolkit_names[] = {
    {"GtkSearchEntry", FALSE, "Search"},
    {"GtkSpinner", FALSE, "throbbing progress animation widget\004Spinner"},
    {"GtkSpinner", FALSE, "Provides visual indication of progress"},
    {"GtkColorPlane", FALSE, "Color Plane"},
    {"GtkColorScale", FALSE, "Color channel\004Hue"},
    {"GtkColorScale", FALSE, "Color channel\004Alpha"},
    {"GtkColorSwatch", FALSE, "Custom color"},
    {"GtkPathBar", TRUE, "File System Root"},
    {"GtkFileChooserWidget", TRUE, "Create Folder"},
    {"GtkVolumeButton", FALSE, "Volume"},
    {"GtkVolumeButton", FALSE, "Turns volume up or down"},
};

/// The key of the gtk30 message GTK named `widget`'s accessible from, when `name` is that
/// message in the language gettext answers in now and the widget is one GTK names so
/// (`toolkit_names`); else NULL. A static string.
static const char *toolkit_name_key(GtkWidget *widget, const char *name) {
  // GTK registers a type when it is first used: one not registered yet has no widget.
  static GType owners[G_N_ELEMENTS(toolkit_names)];
  for (size_t index = 0; index < G_N_ELEMENTS(toolkit_names); index++) {
    if (owners[index] == 0) owners[index] = g_type_from_name(toolkit_names[index].owner);
    GType owner = owners[index];
    if (owner == 0) continue;
    GtkWidget *holder = toolkit_names[index].owner_is_parent ? gtk_widget_get_parent(widget)
                                                             : widget;
    if (holder == NULL || !g_type_is_a(G_OBJECT_TYPE(holder), owner)) continue;
    const char *key = toolkit_names[index].key;
    const char *separator = strchr(key, '\004');
    const char *translated = separator != NULL ? g_dpgettext("gtk30", key, (gsize)(separator - key + 1))
                                               : g_dgettext("gtk30", key);
    if (strcmp(translated, name) == 0) return key;
  }
  return NULL;
}

/// The accessible's own name and description, set by the program (atk_object_set_name,
/// a .ui file's <accessibility>) or by GTK (a header bar's "Minimize", a search entry's
/// "Search"); those GTK makes from the widget's texts are not set and follow them.
static void visit_accessible(GtkWidget *widget, Walk *walk) {
  AtkObject *accessible = (walk->options & PARLANCE_WALK_ACCESSIBLES) != 0 ? gtk_widget_get_accessible(widget) : NULL;
  if (accessible == NULL) return;
  if (accessible->name != NULL && !is_named_by_gtk(widget)) {
    ParlanceShownText *text = parlance_add_text(walk->texts, accessible, "accessible-name",
                                                accessible->name, PARLANCE_TEXT_PROPERTY);
    if (text != NULL) text->toolkit_key = toolkit_name_key(widget, accessible->name);
  }
  ParlanceShownText *description = parlance_add_text(
      walk->texts, accessible, "accessible-description", accessible->description,
      PARLANCE_TEXT_PROPERTY);
  if (description != NULL) description->toolkit_key = toolkit_name_key(widget, description->text);
}

/// The GtkAction whose texts `widget` shows (GtkUIManager's menus and toolbars), or NULL.
static GObject *related_action(GtkWidget *widget, guint kind) {
  // A GtkActivatable keeps its related action as the object data "gtk-action"
  // (gtk_activatable_do_set_related_action, which its implementors must call): without
  // it there is none, and the two property reads below (about a sixth of mousepad's walk,
  // most of its widgets being menu items) are not needed. The type first: object data is
  // looked up under a lock, in a list.
  if (!(kind & KIND_ACTIVATABLE)) return NULL;
  static GQuark action_quark = 0;
  if (action_quark == 0) action_quark = g_quark_from_static_string("gtk-action");
  if (g_object_get_qdata(G_OBJECT(widget), action_quark) == NULL) return NULL;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkActivatable *activatable = GTK_ACTIVATABLE(widget);
  GtkAction *action = gtk_activatable_get_use_action_appearance(activatable)
                          ? gtk_activatable_get_related_action(activatable)
                          : NULL;
  G_GNUC_END_IGNORE_DEPRECATIONS
  return action != NULL ? G_OBJECT(action) : NULL;
}

/// Whether g_markup_escape_text leaves `text` as it is: no `<>&'"`, no control
/// character it writes as a character reference (C0 but tab and line ends, DEL, C1).
static gboolean is_escaped_as_itself(const char *text) {
  for (const unsigned char *byte = (const unsigned char *)text; *byte != 0; byte++) {
    unsigned char c = *byte;
    if (c == '<' || c == '>' || c == '&' || c == '\'' || c == '"' || c == 0x7f) return FALSE;
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return FALSE;
    if (c == 0xc2 && byte[1] >= 0x80 && byte[1] <= 0x9f) return FALSE;
  }
  return TRUE;
}

/// The tooltip of `widget` as markup (newly allocated), or NULL. GTK 3 keeps it as the
/// object data "gtk-tooltip-markup" (tooltip-text stores its text escaped, tooltip-markup
/// as it is, NULL clears it; gtkwidget.c), which is what the property answers: read
/// there, it costs a look-up instead of a property read — most widgets have none.
static char *tooltip_markup(GtkWidget *widget) {
  static GQuark markup_quark = 0;
  if (markup_quark == 0) markup_quark = g_quark_try_string("gtk-tooltip-markup");
  // No such quark: a GTK that keeps tooltips otherwise; the property says.
  if (markup_quark == 0) return gtk_widget_get_tooltip_markup(widget);
  return g_strdup(g_object_get_qdata(G_OBJECT(widget), markup_quark));
}

/// Adds the tooltip `object` keeps as `markup` (NULL: none) as the property `as_text` or
/// `as_markup` (static strings). A tooltip set as text is kept as markup with its text
/// escaped: it is read and set again as text, so that a translation with `&` stays
/// text. Markup with nothing g_markup_escape_text would escape is that text as it is
/// (the text property parses the markup to say so: only asked where there is something
/// to parse).
static void add_tooltip(GPtrArray *texts, gpointer object, const char *markup,
                        const char *as_text, const char *as_markup) {
  if (markup == NULL) return;
  if (is_escaped_as_itself(markup)) {
    parlance_add_text(texts, object, as_text, markup, PARLANCE_TEXT_PROPERTY);
    return;
  }
  char *text = string_property(object, as_text);
  char *escaped = text != NULL ? g_markup_escape_text(text, -1) : NULL;
  if (escaped != NULL && strcmp(markup, escaped) == 0) {
    parlance_add_text(texts, object, as_text, text, PARLANCE_TEXT_PROPERTY);
  } else {
    parlance_add_text(texts, object, as_markup, markup, PARLANCE_TEXT_PROPERTY);
  }
  g_free(text);
  g_free(escaped);
}

/// An entry's icons' tooltips (a search entry's "Clear", remmina's): their accessible's
/// descriptions.
static void add_entry_icon_tooltips(GPtrArray *texts, GtkEntry *entry) {
  const struct {
    GtkEntryIconPosition position;
    const char *as_text;
    const char *as_markup;
  } icons[] = {
      {GTK_ENTRY_ICON_PRIMARY, "primary-icon-tooltip-text", "primary-icon-tooltip-markup"},
      {GTK_ENTRY_ICON_SECONDARY, "secondary-icon-tooltip-text", "secondary-icon-tooltip-markup"},
  };
  for (size_t index = 0; index < G_N_ELEMENTS(icons); index++) {
    char *markup = gtk_entry_get_icon_tooltip_markup(entry, icons[index].position);
    add_tooltip(texts, entry, markup, icons[index].as_text, icons[index].as_markup);
    g_free(markup);
  }
}

static void visit_texts(GtkWidget *widget, guint kind, Walk *walk) {
  GPtrArray *texts = walk->texts;
  // A widget made from a GtkAction shows the action's label and tooltip, and GTK sets
  // them again from it whenever the action changes: the action's are switched, once for
  // all its proxies, and not the widget's own.
  GObject *action = related_action(widget, kind);
  if (action != NULL) {
    if (g_hash_table_add(walk->actions, action)) parlance_visit_action((GtkAction *)action, texts);
    visit_accessible(widget, walk);
    return;
  }
  if (kind & KIND_WINDOW) parlance_add_property(texts, widget, "title");
  if (kind & KIND_HEADER_BAR) {
    parlance_add_property(texts, widget, "title");
    parlance_add_property(texts, widget, "subtitle");
  }
  if (kind & KIND_BUTTON) {
    GtkButton *button = GTK_BUTTON(widget);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gboolean stock = gtk_button_get_use_stock(button);
    G_GNUC_END_IGNORE_DEPRECATIONS
    if (button_shows_its_label(button)) {
      parlance_add_text(texts, widget, "label", gtk_button_get_label(button),
          stock ? PARLANCE_TEXT_STOCK : PARLANCE_TEXT_PROPERTY);
    }
  } else if (kind & KIND_TOOL_BUTTON) {
    parlance_add_text(texts, widget, "label", gtk_tool_button_get_label(GTK_TOOL_BUTTON(widget)),
        PARLANCE_TEXT_PROPERTY);
  } else if (kind & KIND_MENU_ITEM) {
    const char *label = gtk_menu_item_get_label(GTK_MENU_ITEM(widget));
    GtkWidget *relabelled = NULL;
    gboolean stock = (kind & KIND_IMAGE_MENU_ITEM) &&
                     parlance_is_stock_menu_item(widget, label, &relabelled);
    if (relabelled != NULL) {
      parlance_add_text(texts, relabelled, "label", gtk_label_get_label(GTK_LABEL(relabelled)),
          PARLANCE_TEXT_PROPERTY);
    } else {
      ParlanceShownText *text = parlance_add_text(texts, widget, "label", label,
          stock ? PARLANCE_TEXT_STOCK : PARLANCE_TEXT_PROPERTY);
      if (text != NULL && parlance_is_empty_menu_filler(widget, label)) text->toolkit_key = "Empty";
    }
  } else if ((kind & KIND_LABEL) && !is_owners_label(widget)) {
    parlance_add_text(texts, widget, "label", gtk_label_get_label(GTK_LABEL(widget)),
        PARLANCE_TEXT_PROPERTY);
  }
  if (kind & KIND_ENTRY) {
    parlance_add_property(texts, widget, "placeholder-text");
    add_entry_icon_tooltips(texts, GTK_ENTRY(widget));
  }
  if (kind & KIND_TREE_VIEW) {
    GtkTreeModel *model = gtk_tree_view_get_model(GTK_TREE_VIEW(widget));
    GList *columns = gtk_tree_view_get_columns(GTK_TREE_VIEW(widget));
    gboolean by_function = FALSE;
    for (GList *column = columns; column != NULL; column = column->next) {
      parlance_add_text(texts, column->data, "title",
          gtk_tree_view_column_get_title(GTK_TREE_VIEW_COLUMN(column->data)),
          PARLANCE_TEXT_PROPERTY);
      parlance_visit_model(GTK_CELL_LAYOUT(column->data), model, walk);
      by_function = by_function || (walk->rendered != NULL && model != NULL &&
                                    parlance_renders_text_by_function(GTK_CELL_LAYOUT(column->data)));
    }
    g_list_free(columns);
    if (by_function) g_ptr_array_add(walk->rendered, g_object_ref(widget));
  }
  if ((kind & KIND_COMBO_BOX) && walk->rendered != NULL &&
      gtk_combo_box_get_model(GTK_COMBO_BOX(widget)) != NULL &&
      parlance_renders_text_by_function(GTK_CELL_LAYOUT(widget))) {
    g_ptr_array_add(walk->rendered, g_object_ref(widget));
  }
  if (kind & KIND_COMBO_BOX) {
    GtkWidget *parent = gtk_widget_get_parent(widget);
    if (parent != NULL && GTK_IS_FILE_CHOOSER_BUTTON(parent)) {
      parlance_visit_file_chooser_rows(widget, walk);
    } else {
      parlance_visit_model(GTK_CELL_LAYOUT(widget), gtk_combo_box_get_model(GTK_COMBO_BOX(widget)), walk);
    }
  }
  if (kind & KIND_TITLED_PAGES) {
    // An assistant keeps its pages in a notebook of its own: they are not its children.
    GList *children = NULL;
    if (GTK_IS_ASSISTANT(widget)) {
      for (gint index = gtk_assistant_get_n_pages(GTK_ASSISTANT(widget)) - 1; index >= 0; index--) {
        children = g_list_prepend(children, gtk_assistant_get_nth_page(GTK_ASSISTANT(widget), index));
      }
    } else {
      children = gtk_container_get_children(GTK_CONTAINER(widget));
    }
    for (GList *child = children; child != NULL; child = child->next) {
      char *title = NULL;
      gtk_container_child_get(GTK_CONTAINER(widget), child->data, "title", &title, NULL);
      ParlanceShownText *text =
          parlance_add_text(texts, child->data, "title", title, PARLANCE_TEXT_CHILD_PROPERTY);
      if (text != NULL) text->container = g_object_ref(G_OBJECT(widget));
      g_free(title);
    }
    g_list_free(children);
  }
  visit_accessible(widget, walk);
  char *markup = tooltip_markup(widget);
  add_tooltip(texts, widget, markup, "tooltip-text", "tooltip-markup");
  g_free(markup);
}

static void visit(GtkWidget *widget, gpointer data) {
  Walk *walk = data;
  guint kind = widget_kind(widget);
  // Only a menu or a popover is reached twice (a menu is its popup window's child and its
  // menu item's or menu button's menu): every other widget has one parent.
  if (walk->visited != NULL && (kind & KIND_MENU_OR_POPOVER) &&
      !g_hash_table_add(walk->visited, widget))
    return;
  visit_texts(widget, kind, walk);
  if (kind & KIND_MENU_ITEM) {
    GtkWidget *submenu = gtk_menu_item_get_submenu(GTK_MENU_ITEM(widget));
    if (submenu != NULL) visit(submenu, walk);
  }
  if (kind & KIND_MENU_BUTTON) {
    GtkMenuButton *button = GTK_MENU_BUTTON(widget);
    GtkMenu *menu = gtk_menu_button_get_popup(button);
    if (menu != NULL) visit(GTK_WIDGET(menu), walk);
    GtkPopover *popover = gtk_menu_button_get_popover(button);
    if (popover != NULL) visit(GTK_WIDGET(popover), walk);
  }
  // forall, not foreach: internal children too (a dialog's action area, a notebook's
  // tab labels, a file chooser's parts).
  if (kind & KIND_CONTAINER) gtk_container_forall(GTK_CONTAINER(widget), visit, walk);
}

GPtrArray *parlance_collect_texts(GtkWidget *root, guint options) {
  GHashTable *visited = g_hash_table_new(NULL, NULL);
  GPtrArray *texts = parlance_collect_texts_once(root, options, visited, NULL);
  g_hash_table_unref(visited);
  return texts;
}

GPtrArray *parlance_collect_texts_once(GtkWidget *root, guint options, GHashTable *visited,
                                       GPtrArray *rendered) {
  Walk walk = {g_ptr_array_new_with_free_func(shown_text_free), options,
               g_hash_table_new(NULL, NULL),
               g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL), 0, visited,
               rendered};
  visit(root, &walk);
  g_hash_table_unref(walk.actions);
  g_hash_table_unref(walk.columns);
  return walk.texts;
}
