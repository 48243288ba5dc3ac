import Foundation
import Parlance
import ParlanceGtk
import ParlanceUI

// A window whose texts follow the language live: a title, two texts, a plural that
// counts, and a language menu. The whole window is a value (`ViewNode`) rendered again on
// every change; its texts are keys, resolved at each render in one snapshot.
// Translations: Resources/ beside this package (en, de, ar as .strings/.stringsdict, ru
// as gettext po/ru.po).
@MainActor final class LiveWindow {
  let localizer: Localizer
  let language: LiveLanguage
  let renderer = Renderer(window: Window())  // keeps what the user typed or chose
  var count = 3

  init(localizer: Localizer) {
    self.localizer = localizer
    // The one route of a switch: picks load off the GTK thread, the newest winning, and
    // each batch of news ends in one render — never inside the menu's own handler.
    language = LiveLanguage(localizer: localizer, persisting: false)
    renderer.userState.windowSize = Size(width: 420, height: 240)
    language.onUpdate = { [unowned self] in render() }
    renderer.onEvent = { [unowned self] event in
      switch event {
      case .chose(_, let id): language.choose(id)
      case .numberChanged(_, let number):
        count = number
        Gtk.idle { self.render() }
      default: break
      }
    }
  }

  func render() {
    var menu = [ViewNode.ChoiceItem(id: "system", text: .key("language.system"))]
    for tag in localizer.availableLanguages {
      menu.append(.init(id: tag.identifier, text: .verbatim(tag.nativeName)))
    }
    let selected =
      if case .pinned(let tag) = localizer.preference { tag.identifier } else { "system" }
    let tree = ViewNode(
      "root", .column(spacing: 12),
      children: [
        ViewNode("greeting", .heading(.key("greeting"))),
        ViewNode("intro", .label(.key("intro"), wraps: true)),
        ViewNode(
          "count", .row(spacing: 8),
          children: [
            ViewNode("files", .label(.plural("files.count", count: count), wraps: false)),
            ViewNode("number", .numberField(value: count, range: 0...100)),
          ]),
        ViewNode("language", .choice(items: menu, selected: selected)),
      ])
    renderer.render(tree, title: .key("title"), snapshot: localizer.snapshot())
  }
}

guard Gtk.initialize() else {
  print("LiveSwitch needs a display (without one: xvfb-run swift run)")
  exit(1)
}
let resources = URL(fileURLWithPath: #filePath)  // …/Sources/LiveSwitch/main.swift
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Resources", isDirectory: true)
let localizer = try Localizer(resources: [resources])
let live = LiveWindow(localizer: localizer)
live.renderer.window.onDeleteEvent {
  Gtk.quit()
  return .proceed
}
live.render()
live.renderer.window.present()
Gtk.main()
if let failure = live.language.failures.last { print("a switch failed: \(failure)") }
