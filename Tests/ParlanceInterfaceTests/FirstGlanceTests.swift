import Testing

@testable import ParlanceInterface

/// The bytes of a `.ui` file looked at before GtkBuilder may build them as written: what
/// GTK 3 would crash on, or anything unusual, means no.
@Suite struct FirstGlanceTests {
  func take(_ body: String, interface: String = "<interface domain=\"app\">") -> FirstGlance? {
    FirstGlance.take(
      Array(("<?xml version=\"1.0\"?>\n" + interface + "\n" + body + "\n</interface>").utf8))
  }

  @Test func aPlainFileGivesItsDomainAndClasses() throws {
    let glance = try #require(
      take(
        """
        <!-- <property name="child"><object class="Nothing"/></property> -->
        <requires lib="gtk+" version="3.24"/>
        <object class='GtkWindow' id="w">
          <property name="title" translatable="yes" context="a > b">Title &amp; more</property>
          <property name="visible">True</property><property name="modal"/>
          <child><object class="GtkLabel"/></child>
        </object>
        """))
    #expect(glance.domain == "app")
    #expect(glance.classes == ["GtkWindow", "GtkLabel"])
    #expect(
      FirstGlance.take(Array("<interface><object class=\"GtkBox\"/></interface>".utf8))?.domain
        == nil)
  }

  @Test(arguments: [
    // GTK 4's objects inside a property crash GTK 3's GtkBuilder.
    #"<object class="GtkWindow"><property name="child"><object class="GtkLabel"/></property></object>"#,
    #"<object class="GtkWindow"><property name="child"> <!-- c --> </property></object>"#,
    #"<requires lib="gtk" version="4.0"/>"#,
    #"<template class="AppWindow" parent="GtkWindow"/>"#,
    #"<object class="GtkLabel" type-func="abort"/>"#,
    #"<object class="GtkLabel"><property name="label"><![CDATA[x]]></property></object>"#,
    #"<object id="no-class"/>"#,
    #"<object class="Gtk&#76;abel"/>"#,
    #"<object class="GtkLabel" id="unterminated"#,
    #"<!-- never closed"#,
  ])
  func whatCouldCrashOrIsUnusualMeansNo(_ body: String) {
    #expect(take(body) == nil)
  }

  @Test func aDomainWithAnEntityMeansNo() {
    #expect(take("", interface: "<interface domain=\"a&amp;b\">") == nil)
  }
}
