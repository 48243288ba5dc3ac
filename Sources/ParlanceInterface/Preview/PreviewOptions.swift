import Foundation
import Parlance

/// What `InterfacePreview` opens, in which language and how.
public struct PreviewOptions: Sendable {
  /// The `.ui` files, in order.
  public var files: [URL]
  /// Where the interface's translations come from.
  public var sources: TranslationSources
  /// The language to start in; nil follows the system languages. Never stored.
  public var language: LanguageTag?
  /// Only this object (in whichever file has it), instead of every toplevel.
  public var objectID: String?
  /// Whether the preview starts in translator mode (tooltips name each text's source).
  public var translatorMode = false
  /// Whether the preview starts showing keys (msgids) instead of texts.
  public var showsKeys = false
  /// Parlance's own resources folders, for the control bar's texts.
  public var appResources: [URL] = []
  /// Read for the system languages (`LANGUAGE`, `LC_ALL`, …).
  public var environment: [String: String] = ProcessEnvironment.variables()

  /// Options for previewing `files`, not in translator mode, keys hidden.
  /// - Parameters:
  ///   - files: the `.ui` files, in order.
  ///   - sources: where the interface's translations come from.
  ///   - language: the language to start in; nil follows the system languages.
  ///   - objectID: only this object instead of every toplevel; nil for all.
  public init(
    files: [URL], sources: TranslationSources, language: LanguageTag? = nil,
    objectID: String? = nil
  ) {
    self.files = files
    self.sources = sources
    self.language = language
    self.objectID = objectID
  }
}
