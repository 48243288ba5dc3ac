#ifndef PARLANCE_CPARLANCELIVE_H
#define PARLANCE_CPARLANCELIVE_H

// The C half of switching a running GTK 3 program's texts: find every text its widgets
// show, set new ones in place, and switch gettext for the process. GTK and GLib only, so
// that the same code serves the Parlance process (GTK's own texts in a previewed dialog)
// and a GTK module loaded into another program. What each new text is, is decided
// elsewhere (the Swift core: the catalogs and the way back from a text to its message).

#include <gtk/gtk.h>

/// How a shown text is set again.
typedef enum {
  /// A string property of the object: `label`, `title`, `subtitle`, `placeholder-text`,
  /// `tooltip-markup`.
  PARLANCE_TEXT_PROPERTY = 0,
  /// A button showing a stock item (`use-stock`): GTK translates the item itself, so
  /// setting its stock id again shows it in the language gettext answers in now.
  PARLANCE_TEXT_STOCK = 1,
} ParlanceTextKind;

/// One text a widget (or a tree view's column) shows.
typedef struct {
  /// The object showing it; the walk's array holds a reference.
  GObject *_Nonnull object;
  /// The property (a static string).
  const char *_Nonnull property;
  /// The text shown now, as the property holds it (markup and mnemonic included); for a
  /// stock button its stock id.
  char *_Nonnull text;
  ParlanceTextKind kind;
  /// What a stock button shows (its label child's text); NULL for other texts.
  char *_Nullable display;
} ParlanceShownText;

/// Every text the widgets under `root` show, `root` included, in the order a reader
/// meets them: windows' and header bars' titles, labels, buttons and menu items
/// (their own label, not their child's), entries' placeholders, tree views' column
/// titles, tooltips; internal children (a dialog's buttons, a file chooser's parts),
/// submenus and menu buttons' menus and popovers included. The array owns its elements.
GPtrArray *_Nonnull parlance_collect_texts(GtkWidget *_Nonnull root);

/// Sets `text`'s property to `value` (for a tooltip, notifying `tooltip-text` as well:
/// GTK's accessible listens only to it), or re-sets a stock button's label. Does
/// nothing when the value is what is shown.
void parlance_set_shown_text(ParlanceShownText *_Nonnull text, const char *_Nonnull value);

/// Makes gettext answer in `languages` (a gettext list: `fr`, `pt_BR:pt`, `sr@latin`)
/// for this process from now on: `LANGUAGE` set, `LC_MESSAGES` made a locale that
/// honours it (not `C`), and glibc's cache of answers dropped (`textdomain`, as
/// glibc's own `intl/textdomain.c` says to). Call it on the thread GTK runs on, with
/// `LANGUAGE` already in the environment (`parlance_reserve_language_variable`), so
/// that `setenv` replaces a value and never moves the environment under other
/// threads. Returns 0, or -1 when no locale honours `LANGUAGE`.
int parlance_switch_gettext(const char *_Nonnull languages);

/// Puts `LANGUAGE` in the environment (empty: no effect on gettext) when it is not
/// there, before a program starts its threads.
void parlance_reserve_language_variable(void);

#endif
