import Foundation
import Parlance
import ParlanceGtk

/// Every screenshot on one page, scaled down and labelled: built as a GTK window (so
/// captions of every script are laid out by Pango) and photographed like the others.
@MainActor
enum ContactSheet {
  nonisolated static let columns = 4
  nonisolated static let tileWidth = 300

  /// The sheet of `shots`, drawn.
  static func draw(_ shots: [ScreenshotSession.Shot]) throws(GtkError) -> Screenshot {
    // Captions in their own script, but the sheet itself reads left to right: each of
    // its widgets says so, for the default direction is the last language's, and
    // changing it would restyle every window still open (15 ms for a dialog).
    func leftToRight<Made: Widget>(_ widget: Made) -> Made {
      widget.direction = .leftToRight
      return widget
    }
    let grid = leftToRight(Grid(rowSpacing: 12, columnSpacing: 12))
    grid.setMargins(12)
    for (index, shot) in shots.enumerated() {
      let tile = leftToRight(Box(orientation: .vertical, spacing: 4))
      // Made small when it was taken: no file to read back and decode.
      tile.append(leftToRight(Image(screenshot: shot.thumbnail)))
      let problems = shot.report.problemCount
      let caption = leftToRight(
        Label(
          String(format: "%02d", index + 1) + " · \(shot.language) · \(shot.language.nativeName)"
            + (shot.object.map { " · " + $0 } ?? "") + (problems > 0 ? " · ⚠ \(problems)" : "")))
      tile.append(caption)
      grid.attach(tile, column: index % columns, row: index / columns)
    }
    // Off the screen: laid out when shown and drawn once, into the picture.
    let window = leftToRight(Window.offscreen())
    window.add(grid)
    window.showAll()
    defer { window.destroy() }
    return try window.snapshot()
  }
}
