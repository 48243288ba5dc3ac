import Foundation
import Parlance
import ParlanceGtk
import ParlanceInterface
import ParlanceUI

// An ordinary GtkBuilder file (window.ui) with gettext translations (po/de.po, po/ar.po),
// switched live: at every change the new texts are set on the existing widgets, so what
// the user typed stays, and Arabic turns the window right to left. The language menu is
// the file's own GtkComboBoxText, filled here with each language's own name.
guard Gtk.initialize() else {
  print("LiveInterface needs a display (without one: xvfb-run swift run)")
  exit(1)
}
let folder = URL(fileURLWithPath: #filePath)  // …/Sources/LiveInterface/main.swift
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let sources = TranslationSources(gettextFolders: [folder.appendingPathComponent("po")])
let localizer = try sources.makeLocalizer()
// The one route of a switch: picks run off the GTK thread, the newest winning, and each
// batch of news ends in one refresh of the interface, in order.
let language = LiveLanguage(localizer: localizer, persisting: false)
let interface = try LocalizedInterface(
  file: folder.appendingPathComponent("window.ui"), localizer: localizer, drivenByOwner: true)
language.onUpdate = { interface.refresh() }
guard let window = try interface.object("window").widget as? Window,
  let menu = try interface.object("language").widget as? ComboBoxText
else {
  print("window.ui has no GtkWindow 'window' or GtkComboBoxText 'language'")
  exit(1)
}

for tag in localizer.availableLanguages {
  menu.append(id: tag.identifier, text: tag.nativeName)
}
_ = menu.select(id: localizer.language.identifier)
let changed = menu.onChanged { [weak menu] in
  if let id = menu?.activeID { language.choose(id) }
}
window.onDeleteEvent {
  Gtk.quit()
  return .proceed
}
window.showAll()
withExtendedLifetime((interface, changed)) { Gtk.main() }
if let failure = language.failures.last { print("a switch failed: \(failure)") }
