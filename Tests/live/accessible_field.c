// A C program that writes its button's accessible name and description into the
// accessible's fields itself, as gnome-boxes (Vala) names a popover's accessible: the
// strings are gettext's translations, in the catalog file glibc mapped, which no one may
// free. ATK's setters free a field's old string, which aborted gnome-boxes at a switch.
// Built by live_test.py: cc accessible_field.c $(pkg-config --cflags --libs gtk+-3.0).

#include <glib/gi18n.h>
#include <gtk/gtk.h>

int main(int argc, char **argv) {
  gtk_init(&argc, &argv);
  g_set_prgname("accessible-field");
  GtkWidget *button = gtk_button_new_with_label("1");
  AtkObject *accessible = gtk_widget_get_accessible(button);
  accessible->name = (gchar *)g_dgettext("gtk30", "Other Locations");
  accessible->description = (gchar *)g_dgettext("gtk30", "Search");
  GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title(GTK_WINDOW(window), "accessible-field");
  gtk_container_add(GTK_CONTAINER(window), button);
  g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
  gtk_widget_show_all(window);
  gtk_main();
  return 0;
}
