import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

extension InterfacePreview {
  /// The previewed window of the object `id`, if it is shown.
  public func window(for id: String) -> Window? {
    windows.first { $0.id == id }?.window
  }

  /// Places the interface's toplevels (or its one object): windows and dialogs as they
  /// are, a loose widget in a window of its own, a `<menu>` behind a button of the bar.
  /// List stores, size groups and the like are not shown; popovers and `GtkMenu`s need a
  /// widget to point at, and are listed as not shown.
  func placeWindows(of interface: LocalizedInterface) {
    let file = URL(fileURLWithPath: interface.document.file)
    let objects: [(id: String, built: BuiltObject)]
    if let id = options.objectID, let built = try? interface.object(id) {
      objects = [(id, built)]
    } else {
      objects = interface.toplevels.map { ($0.object.id, $0.built) }
    }
    for (id, built) in objects {
      let isMenu = interface.document.object(id)?.isMenu == true
      if built.isA("GtkWindow"), let window = built.widget as? Window {
        add(
          PreviewedWindow(
            id: id, file: file, window: window, interface: interface, isWrapped: false))
      } else if built.isA("GtkPopover") || built.isA("GtkMenuShell") {
        warnings.append(
          "\(interface.document.file): warning: '\(id)' (\(built.typeName)) is not shown: "
            + "it opens from a widget of the program")
      } else if let widget = built.widget {
        let window = Window(title: id)
        window.add(widget)
        widget.show()
        add(
          PreviewedWindow(id: id, file: file, window: window, interface: interface, isWrapped: true)
        )
      } else if isMenu {
        menus.append(PreviewedMenu(id: id, file: file, model: built))
      }
    }
  }

  private func add(_ previewed: PreviewedWindow) {
    // Closing a previewed window hides it: its button in the bar brings it back.
    previewed.window.onDeleteEvent { [weak window = previewed.window] in
      window?.hide()
      return .stop
    }
    windows.append(previewed)
  }

  func wireControlBar() {
    controlBar.onChoice = { [weak self] in self?.choose($0) }
    controlBar.onToggle = { [weak self] id, isOn in
      switch id {
      case "translator": self?.setTranslatorMode(isOn)
      case "keys": self?.setShowsKeys(isOn)
      default: break
      }
    }
    controlBar.onDismiss = { [weak self] in self?.dismissProblem() }
    controlBar.onClick = { [weak self] id in self?.clicked(id) }
    controlBar.model.windows = windows.enumerated().map { index, previewed in
      ControlBarModel.Entry(id: "window:\(index)", title: previewed.id, file: previewed.file.path)
    }
    controlBar.model.menus = menus.enumerated().map { index, menu in
      ControlBarModel.Entry(id: "menu:\(index)", title: menu.id, file: menu.file.path)
    }
  }

  private func clicked(_ id: String) {
    if id == "folder.choose" {
      chooseFolder()
    } else if id.hasPrefix("window:"), let index = Int(id.dropFirst(7)),
      windows.indices.contains(index)
    {
      windows[index].window.present()
    } else if id.hasPrefix("menu:"), let index = Int(id.dropFirst(5)),
      menus.indices.contains(index),
      let button = controlBar.button(id)
    {
      openMenu(menus[index], at: button)
    }
  }

  /// The menu made for the `<menu>` with id `id`, once its button was clicked.
  package func popupMenu(_ id: String) -> PopupMenu? {
    popupMenus[id]
  }

  /// Opens the `<menu>` below `button`, in the language shown now.
  public func openMenu(_ menu: PreviewedMenu, at button: Widget) {
    if popupMenus[menu.id] == nil {
      let popup = PopupMenu(model: menu.model)
      // Its items as the program shows them; choosing one runs none of Parlance's actions.
      popup?.standInForActions(model: menu.model)
      popupMenus[menu.id] = popup
    }
    popupMenus[menu.id]?.popup(at: button)
  }

  /// Asks for another translations folder (a folder chooser over the bar).
  public func chooseFolder() {
    if let folderChooser {
      folderChooser.present()
      return
    }
    let texts = controlBar.localizer.snapshot()
    let chooser = FileChooserDialog(
      title: texts.string("preview.folder.dialog"), parent: controlBar.window,
      action: .selectFolder, cancelLabel: texts.string("action.cancel"),
      acceptLabel: texts.string("action.select"))
    if let current = sources.gettextFolders.first {
      chooser.setCurrentFolder(current.deletingLastPathComponent())
    }
    chooser.onResponse { [weak self, weak chooser] response in
      guard let self, let chooser else { return }
      let picked = response == .accept ? chooser.selectedURL : nil
      chooser.destroy()
      self.folderChooser = nil
      guard let picked else { return }
      do throws(PreviewError) {
        try self.useGettextFolder(picked)
      } catch {
        self.report(
          .key("error.preview.folder", table: "Errors", ["folder": .string(picked.path)]),
          details: [error.description])
      }
    }
    folderChooser = chooser
    chooser.present()
  }
}
