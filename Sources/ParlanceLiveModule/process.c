// The process switched (switching.c): gettext, GTK's modifier names, Python's gettext
// and the default direction, so that what GTK makes from here on comes in the new
// language.

#include "module-parts.h"

/// GtkAccelLabel translates its modifier names once, into its class (gtk/gtkaccellabel.c,
/// class_init; the fields are public): translated again from gtk30 in the language
/// gettext answers in now, then every accelerator shown is made again.
static void retranslate_accelerators(void) {
  GtkAccelLabelClass *class = g_type_class_peek(GTK_TYPE_ACCEL_LABEL);
  if (class == NULL) return;  // no accelerator label made yet
  const struct {
    char **field;
    const char *name;
  } names[] = {
      {&class->mod_name_shift, "Shift"},
      {&class->mod_name_control, "Ctrl"},
      {&class->mod_name_alt, "Alt"},
  };
  for (size_t index = 0; index < G_N_ELEMENTS(names); index++) {
    g_free(*names[index].field);
    *names[index].field = g_strdup(g_dpgettext2("gtk30", "keyboard label", names[index].name));
  }
  GPtrArray *collected = live_collected();
  if (collected == NULL) return;
  for (guint window = 0; window < collected->len; window++) {
    GPtrArray *shown = g_ptr_array_index(collected, window);
    for (guint index = 0; index < shown->len; index++) {
      ParlanceShownText *text = g_ptr_array_index(shown, index);
      if (!GTK_IS_ACCEL_LABEL(text->object)) continue;
      // Only a label that shows an accelerator: refetching queues a resize.
      guint key = 0;
      GdkModifierType modifiers = 0;
      gtk_accel_label_get_accel(GTK_ACCEL_LABEL(text->object), &key, &modifiers);
      if (key != 0) gtk_accel_label_refetch(GTK_ACCEL_LABEL(text->object));
    }
  }
}

/// What follows gettext once it answers in `languages`: GTK's modifier names and
/// Python's own gettext.
void live_follow_gettext(const char *languages) {
  retranslate_accelerators();
  live_follow_python(languages);
}

/// gettext, GTK's modifier names and the default direction switched: what GTK makes
/// from here on (a stock label set again, a dialog opened later) comes in the new
/// language. Empty `languages` leaves gettext as it is.
void live_switch_process(const char *languages, gboolean right_to_left) {
  if (languages[0] != '\0') {
    parlance_switch_gettext(languages);
    live_follow_gettext(languages);
  }
  gtk_widget_set_default_direction(right_to_left ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
}
