import Parlance
import ParlanceGtk

/// The running process's GObject classes, as GtkBuilder sees them. Asked only on the GTK
/// thread, while an interface is built.
struct ObjectClassInfo: InterfaceClassInfo {
  func isKnownClass(_ className: String) -> Bool {
    MainActor.assumeIsolated { ObjectClass.isKnown(className) }
  }

  func whyUnbuildable(_ className: String) -> String? {
    MainActor.assumeIsolated { ObjectClass.whyUnbuildable(className) }
  }

  func isClass(_ className: String, a ancestor: String) -> Bool {
    MainActor.assumeIsolated { ObjectClass.isA(className, ancestor) }
  }

  func hasProperty(_ property: String, onClass className: String) -> Bool {
    MainActor.assumeIsolated { ObjectClass.hasProperty(property, onClass: className) }
  }

  func propertyType(_ property: String, onClass className: String) -> String? {
    MainActor.assumeIsolated { ObjectClass.propertyType(property, onClass: className) }
  }

  func hasChildProperty(_ property: String, container className: String) -> Bool {
    MainActor.assumeIsolated { ObjectClass.hasChildProperty(property, container: className) }
  }
}
