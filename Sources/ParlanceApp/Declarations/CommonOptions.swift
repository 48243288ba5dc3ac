import Parlance

/// The options several subcommands share, declared once so that they parse, read and
/// complete alike everywhere.
enum CommonOptions {
  /// `--language TAG`: the language for this run, instead of the stored choice.
  static let language = Option<LanguageTag>("--language", "TAG")
  /// `--resources DIR`: a resources folder instead of the installed one.
  static let resources = Option<Folder>("--resources", "DIR")
  /// `--translations DIR`: a translator's working folder, laid over the resources.
  static let translations = Option<Folder>("--translations", "DIR")
  /// `--po DIR`: the gettext folder of a `.ui` file's translations.
  static let po = Option<Folder>("--po", "DIR")
  /// `--gettext-domain DOMAIN`, repeated: installed catalogs of a text domain
  /// (`LL/LC_MESSAGES/DOMAIN.mo`).
  static let gettextDomain = Option<String>("--gettext-domain", "DOMAIN", repeats: true)
  /// `--locale-dir DIR`, repeated: where installed catalogs lie, instead of the system's
  /// folders.
  static let localeDir = Option<Folder>("--locale-dir", "DIR", repeats: true)
  /// `--object ID`: one object of a `.ui` file.
  static let object = Option<String>("--object", "ID")
  /// `--json`: output for machines.
  static let json = Flag("--json")
  /// `--translator`: translator mode (keys and sources in tooltips).
  static let translator = Flag("--translator")
  /// `--show-keys`: keys instead of texts.
  static let showKeys = Flag("--show-keys")
}
