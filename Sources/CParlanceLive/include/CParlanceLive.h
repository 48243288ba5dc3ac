#ifndef PARLANCE_CPARLANCELIVE_H
#define PARLANCE_CPARLANCELIVE_H

// The C half of switching a running GTK 3 program's texts: find every text its widgets
// show, set new ones in place, and switch gettext for the process. GTK and GLib only, so
// that the same code serves the Parlance process (GTK's own texts in a previewed dialog)
// and a GTK module loaded into another program. What each new text is, is decided
// elsewhere (the Swift core: the catalogs and the way back from a text to its message).

#include <gtk/gtk.h>

#include "parlance_error.h"

// Clang's nullability marks, for Swift; other compilers (the module is built with cc) take
// them for nothing.
#if !defined(__clang__)
#define _Nonnull
#define _Nullable
#endif

/// Where a program with the live module answers on the session bus: the name
/// `io.github.parlance.Live.p<pid>`, this object and interface (docs/LIVE.md).
#define PARLANCE_LIVE_NAME_PREFIX "io.github.parlance.Live.p"
#define PARLANCE_LIVE_OBJECT_PATH "/io/github/parlance/Live"
#define PARLANCE_LIVE_INTERFACE "io.github.parlance.Live1"
/// The environment variable `parlance run` sets to the pid of the program it starts:
/// the module stays inert in any other process (a child that inherited it).
#define PARLANCE_LIVE_PID_VARIABLE "PARLANCE_LIVE_PID"
/// The user's messages locale (`de_DE.UTF-8`), which `parlance run` replaces with an
/// English one until GTK has started; the module gives it back then.
#define PARLANCE_LIVE_MESSAGES_VARIABLE "PARLANCE_LIVE_MESSAGES"

/// How a shown text is set again.
typedef enum {
  /// A string property of the object: `label`, `title`, `subtitle`, `placeholder-text`,
  /// `tooltip-markup`.
  PARLANCE_TEXT_PROPERTY = 0,
  /// A stock item GTK translates itself: a button or a GtkImageMenuItem showing one
  /// (`use-stock`; its text is the stock id), or a GtkAction's label taken from its
  /// stock id (its text is the label). Setting the stock item again shows it in the
  /// language gettext answers in now.
  PARLANCE_TEXT_STOCK = 1,
  /// A child property of the object in its container (a GtkStack page's `title`, which
  /// its stack switcher shows).
  PARLANCE_TEXT_CHILD_PROPERTY = 2,
  /// A string in a row of a model that a combo box or tree view column shows with a
  /// text renderer (`object` is the model, `property` the renderer's attribute, `text`
  /// or `markup`; `own-text` or `own-markup` for a model that is no list or tree store,
  /// the program's own or a filter or sort of one, which is read and never set).
  PARLANCE_TEXT_MODEL_CELL = 3,
} ParlanceTextKind;

/// One text a widget (or a tree view's column) shows.
typedef struct {
  /// The object showing it; the walk's array holds a reference.
  GObject *_Nonnull object;
  /// The property (a static string).
  const char *_Nonnull property;
  /// The text shown now, as the property holds it (markup and mnemonic included); for a
  /// stock button or menu item its stock id.
  char *_Nonnull text;
  ParlanceTextKind kind;
  /// What a stock button or menu item shows (its label child's text); NULL for other
  /// texts.
  char *_Nullable display;
  /// The container of a child property; NULL for other texts (the walk holds a reference).
  GObject *_Nullable container;
  /// A model cell's row and column; NULL and -1 for other texts.
  GtkTreeRowReference *_Nullable row;
  int column;
  /// The texts of one model column share a group number (from 1, per walk): they are
  /// switched together or not at all, since a column may mix catalog texts with the
  /// user's data. 0 for other texts.
  guint group;
  /// A model cell's combo box or tree view column, the one the walk met it through
  /// (the walk holds a reference); NULL for other texts.
  GObject *_Nullable view;
  /// The key in GTK's catalog (gtk30) of the message GTK itself made the text from, when
  /// the walk knows it: an accessible name a GTK widget gives itself (a search entry's
  /// "Search"), GtkUIManager's "Empty" item in an empty menu; a program's own catalog may
  /// translate the same text otherwise. A static string, `context` U+0004 `msgid` for a
  /// message with a context; NULL for other texts.
  const char *_Nullable toolkit_key;
} ParlanceShownText;

/// What `parlance_collect_texts` reads besides the widgets' own texts.
typedef enum {
  /// Names and descriptions set on widgets' accessibles.
  PARLANCE_WALK_ACCESSIBLES = 1 << 0,
  /// Model cells (`PARLANCE_TEXT_MODEL_CELL`).
  PARLANCE_WALK_MODELS = 1 << 1,
} ParlanceWalkOptions;

/// Every text the widgets under `root` show, `root` included, in the order a reader
/// meets them: windows' and header bars' titles, labels, buttons, tool buttons and
/// menu items (their own label, not their child's; for a GtkUIManager proxy its
/// GtkAction's label, short label and tooltip, once per action), entries'
/// placeholders, tree views' column titles, stack pages' titles, tooltips; with
/// `PARLANCE_WALK_MODELS` the rows of list and tree stores that combo boxes and tree
/// view columns show as text (grouped by column); with `PARLANCE_WALK_ACCESSIBLES` the
/// names and descriptions set on widgets' accessibles (not those GTK makes from the
/// widget's texts; GTK 3 keeps a widget's accessible private, so asking for it makes one
/// where none was, as a screen reader does); internal children (a dialog's buttons, a
/// file chooser's parts), submenus and menu buttons' menus and popovers included.
/// `options` is a set of `ParlanceWalkOptions`. The array owns its elements.
GPtrArray *_Nonnull parlance_collect_texts(GtkWidget *_Nonnull root, guint options);

/// `parlance_collect_texts`, skipping the menus and popovers in `visited` and adding
/// those it visits: walks of several roots that meet one twice (a menu is its popup
/// window's child and its menu item's submenu) read it once. When `rendered` is not
/// NULL, the tree views and combo boxes whose text a cell data function makes are added
/// to it, referenced (for `parlance_refresh_rendered_rows`).
GPtrArray *_Nonnull parlance_collect_texts_once(GtkWidget *_Nonnull root, guint options,
                                                GHashTable *_Nonnull visited,
                                                GPtrArray *_Nullable rendered);

/// Whether `text` can be set: all but a row of a model that is no list or tree store
/// (the program's own, read for the report: `own-text`, `own-markup`).
gboolean parlance_shown_text_is_settable(const ParlanceShownText *_Nonnull text);

/// For a stock item's text (`PARLANCE_TEXT_STOCK`), the context of its label's message in
/// GTK's catalog: `Stock label`, `Stock label, navigation` or `Stock label, media`, as
/// GTK's stock item says (its translation domain); NULL for other texts. A static string.
const char *_Nullable parlance_stock_context(const ParlanceShownText *_Nonnull text);

/// Sets `text`'s property to `value` (for a tooltip, notifying `tooltip-text` as well:
/// GTK's accessible listens only to it), or re-sets a stock button's label. Does
/// nothing when the value is what is shown.
void parlance_set_shown_text(ParlanceShownText *_Nonnull text, const char *_Nonnull value);

/// Has each of `views` (tree views and combo boxes whose text a cell data function
/// makes, as a walk found them) make its rows again: GTK calls the function each time a
/// row is drawn, the program often answering through gettext ("N/A", a priority's
/// name), and GTK's accessible keeps the text its cells were made with. Each row of the
/// view's model (at most 5,000 a model) is announced changed, which the view and its
/// accessible answer by asking the function again. Call it after gettext has switched,
/// on the GTK thread.
void parlance_refresh_rendered_rows(GPtrArray *_Nonnull views);

/// Announces changed each row of a model of the program's own, among the texts of
/// `windows` (an array per window, as walks returned them), whose text reads otherwise
/// now than when it was read: such a model makes its text when asked (gitg's "Vor 2
/// Stunden", through gettext), and its view and accessible ask again only for a row
/// announced. Call it after gettext has switched, on the GTK thread.
void parlance_announce_changed_rows(GPtrArray *_Nonnull windows);

/// Names every header bar's window buttons again (their accessible names, which GTK
/// gives them from gtk30 when it makes them: "Minimize", "Close"), in the language
/// gettext answers in now, in place. Call it after gettext has switched, on the GTK
/// thread.
void parlance_renew_window_buttons(void);

/// Where a text is drawn: a rectangle of its toplevel, in the toplevel's coordinates
/// (those of a picture `gtk_widget_draw` makes of it), and when the text is cut short
/// there (with an ellipsis, or clipped by a label narrower than it), the width it needs
/// whole (else 0).
typedef struct {
  GtkWidget *_Nonnull toplevel;
  int x;
  int y;
  int width;
  int height;
  int needed_width;
} ParlanceTextPlace;

/// Every place `text` is drawn now (`ParlanceTextPlace`): a label's text where its
/// layout is, a button's or menu item's in its label, a window's title in its header
/// bar, a tree view column's title in its button, a GtkAction's in each proxy shown, a
/// placeholder in its empty entry, a model's row in its tree view's cell (when scrolled
/// into view) or in its combo box (when it is the active row), a stack page's title in
/// each of its stack's switchers. None for what is not drawn: tooltips, accessible
/// names, a closed menu, a page not shown, the inside of a closed expander
/// (`parlance_widget_has_room`). Call it after the frame that laid out the texts was
/// drawn. Free with `g_array_unref`.
GArray *_Nonnull parlance_text_places(const ParlanceShownText *_Nonnull text);

/// Whether `widget` was given room to be seen: FALSE when it, or a container around it,
/// was allocated no more than one pixel, which GTK 3 gives what it maps but does not
/// show (the child of a closed expander, at -1, -1).
gboolean parlance_widget_has_room(GtkWidget *_Nonnull widget);

/// Writes the ARGB32 image `surface` to `path` as a PAM file (Netpbm's P7, TUPLTYPE
/// RGB_ALPHA, MAXVAL 255): straight alpha, un-premultiplied as cairo's PNG writer
/// rounds it. FALSE with `error` set to the reason (the file's name is the caller's to
/// add) when it cannot.
gboolean parlance_write_pam(cairo_surface_t *_Nonnull surface, const char *_Nonnull path,
                            GError *_Nullable *_Nullable error);

/// Runs the update and layout steps of the frame clocks of `windows` (GtkWindows) now,
/// as their next frame would (GTK paces a window's frames 16.7 ms apart): per-frame
/// callbacks (a tree view measuring its rows), styles validated and the windows laid out
/// by GTK's own handlers, the layout step again while it lays something out, as a frame
/// does (at most four times, as gdkframeclockidle.c). TRUE when the last step laid
/// nothing out; `laid_out`, when not NULL, has room for one flag per window and says
/// which were given a size. A window that asked the window system for another size is
/// laid out when it answers (a `configure-event`), not here.
gboolean parlance_lay_out_now(GPtrArray *_Nonnull windows, gboolean *_Nullable laid_out);

/// Whether `window` (a mapped GtkWindow) is allocated the size the window system has for
/// it, which GDK last heard of too: no other size asked for is still unanswered. Asks
/// the X server (a round trip) after every request sent before.
gboolean parlance_window_size_agreed(GtkWidget *_Nonnull window);

/// The name of `object` for a reader: its GtkBuilder id (the widget's, for a tree view
/// column or an accessible), else the nearest ancestor's id and its class
/// (`prefs-dialog/…/GtkLabel`), else its class. Free with `g_free`.
char *_Nonnull parlance_object_name(GObject *_Nonnull object);

/// Clicks what shows `text`: a GtkAction is activated, else the text's widget or the
/// nearest around it that can be clicked (a menu item, a button, anything whose
/// accessible has an action) is activated, at once. FALSE with `error` set when nothing
/// showing it can be clicked.
gboolean parlance_activate_text(const ParlanceShownText *_Nonnull text,
                                GError *_Nullable *_Nullable error);

/// The window steps act in: the active one, else the last dialog shown (a window
/// transient for another), else the program's first window; NULL when none is shown.
GtkWindow *_Nullable parlance_acting_window(void);

/// Presses and releases `accelerator` (GTK's form: `<Control>o`, `F10`, `Escape`) in the
/// acting window, through GTK's own key handling. FALSE with `error` set when it is no
/// key or no window is shown.
gboolean parlance_press_key(const char *_Nonnull accelerator, GError *_Nullable *_Nullable error);

/// Inserts `text` at the cursor of the acting window's focus (an entry, a text view).
/// FALSE with `error` set when the focus takes no text.
gboolean parlance_type_text(const char *_Nonnull text, GError *_Nullable *_Nullable error);

/// Closes an open menu, else the acting window when it is a dialog (never the program's
/// main window, which would end it). FALSE with `error` set when there is none.
gboolean parlance_close_window(GError *_Nullable *_Nullable error);

/// Makes gettext answer in `languages` (a gettext list: `fr`, `pt_BR:pt`, `sr@latin`)
/// for this process from now on: `LANGUAGE` set, `LC_MESSAGES` made a locale that
/// honours it (not `C`), and glibc's cache of answers dropped (`textdomain`, as
/// glibc's own `intl/textdomain.c` says to). Call it on the thread GTK runs on, with
/// `LANGUAGE` already in the environment (`parlance_reserve_language_variable`), so
/// that `setenv` replaces a value and never moves the environment under other
/// threads. Returns 0, or -1 when no locale honours `LANGUAGE`.
int parlance_switch_gettext(const char *_Nonnull languages);

/// The compiled catalogs (`.mo`) this process has open, as glibc maps each one it reads
/// (`/proc/self/maps`): the text domains a program uses, found although glibc keeps its
/// list of bound domains private. Paths, each once, in the order mapped.
GPtrArray *_Nonnull parlance_loaded_catalogs(void);

/// What `parlance_render_recipe` made of a recipe.
typedef enum {
  /// Not made here: the controller decides the text (a malformed recipe, a catalog whose
  /// answers are not UTF-8).
  PARLANCE_RECIPE_INVALID = 0,
  /// A text no catalog has (a name, a number), the same in every language.
  PARLANCE_RECIPE_LITERAL = 1,
  /// A text made of messages, in the language gettext answers in now.
  PARLANCE_RECIPE_MESSAGES = 2,
  /// A stock button's label: GTK makes it again from the stock id.
  PARLANCE_RECIPE_TOOLKIT = 3,
} ParlanceRecipeKind;

/// The text `recipe` makes in the language gettext answers in now, in `*text` (free
/// with `g_free`; NULL unless the kind is LITERAL or MESSAGES). A recipe is what the
/// controller wrote for a place (`Retranslator.Recipe.encoded`): parts joined by U+001E,
/// each `T` and a literal text, or `M` (`m`: its mnemonic markers left out) and a text
/// domain, U+001F and a catalog key (a context and U+0004 before the msgid when it has
/// one), answered by `dcgettext` as the program itself would; or the whole recipe `S`
/// for a stock button. Call it on the thread that switches gettext.
ParlanceRecipeKind parlance_render_recipe(const char *_Nonnull recipe,
                                          char *_Nullable *_Nonnull text);
/// Puts `LANGUAGE` in the environment (empty: no effect on gettext) when it is not
/// there, before a program starts its threads.
void parlance_reserve_language_variable(void);

// The controller's side, in a header of its own.
#include "CParlanceLiveClient.h"

#endif
