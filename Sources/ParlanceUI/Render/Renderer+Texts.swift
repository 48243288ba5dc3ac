import Parlance
import ParlanceGtk

/// How the kinds show a resolved text: recorded for reports, the key when keys are shown,
/// a mark on fallbacks in translator mode.
extension Renderer {
  /// Resolves `text`, records it for reports, and returns what it shows.
  func shownAndRecorded(
    _ text: LocalizedText, id: String, in snapshot: LocalizationSnapshot
  ) -> String {
    let resolved = text.resolve(in: snapshot)
    resolvedTexts.append((id, resolved))
    return shown(resolved)
  }

  /// Puts a resolved text into a label: the key instead when keys are shown, a mark on
  /// fallbacks in translator mode. Returns the translator's tooltip, if any.
  func show(_ resolved: ResolvedText, in label: Label, id: String) -> String? {
    resolvedTexts.append((id, resolved))
    let text = shown(resolved)
    if label.text != text { label.text = text }
    let isFallback = translatorMode && resolved.resolution?.isFallback == true
    if isFallback != label.hasStyleClass("parlance-fallback") {
      if isFallback {
        label.addStyleClass("parlance-fallback")
      } else {
        label.removeStyleClass("parlance-fallback")
      }
    }
    guard translatorMode, let resolution = resolved.resolution else { return nil }
    return Self.describe(resolution)
  }
}
