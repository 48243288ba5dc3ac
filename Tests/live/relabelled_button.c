// A C program that sets the text of its button's label itself, after the button made
// that label of its own `label`, as darktable shows "löschen (Papierkorb)" on a button
// whose `label` is "löschen": the label's text is what the user sees, the button's
// `label` a text it no longer shows.
// Built by live_test.py: cc relabelled_button.c $(pkg-config --cflags --libs gtk+-3.0).

#include <glib/gi18n.h>
#include <gtk/gtk.h>

int main(int argc, char **argv) {
  gtk_init(&argc, &argv);
  g_set_prgname("relabelled-button");
  GtkWidget *button = gtk_button_new_with_label(g_dgettext("gtk30", "Search"));
  gtk_label_set_text(GTK_LABEL(gtk_bin_get_child(GTK_BIN(button))),
                     g_dgettext("gtk30", "Other Locations"));
  GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title(GTK_WINDOW(window), "relabelled-button");
  gtk_container_add(GTK_CONTAINER(window), button);
  g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
  gtk_widget_show_all(window);
  gtk_main();
  return 0;
}
