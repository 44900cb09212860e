import Collation
import XCTest

/// Every locale ICU has data for makes a working collation in both styles.
final class AllLocalesTests: XCTestCase {
    func testEveryAvailableLocale() throws {
        let locales = CollationLocale.available
        XCTAssertGreaterThan(locales.count, 500)
        let samples = ["Anna", "Östen", "東京", "さくら", "김민준", "محمد", "Борис", "42", ""]
        for identifier in locales {
            let apple = try IndexedCollation(locale: identifier)
            XCTAssertEqual(apple.sectionTitles.last, "#", identifier)
            // Every letter of A–Z has a Latin section: its own, or the one the language files it under
            // (Lithuanian and Frisian sort Y as I).
            for letter in SeedTableTests.latin {
                let title = apple.sectionTitles[apple.section(for: letter)]
                XCTAssertTrue(title == letter || (title != "#" && title.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.value < 0x0250 }),
                              "\(identifier): \(letter) is under \(title)")
            }
            let icu = try IndexedCollation(locale: identifier, style: .icu)
            for sample in samples {
                XCTAssertTrue(apple.sectionTitles.indices.contains(apple.section(for: sample)), "\(identifier): \(sample)")
                XCTAssertTrue(icu.sectionTitles.indices.contains(icu.section(for: sample)), "\(identifier): \(sample)")
            }
            let sections = try apple.partition(samples, by: { $0 })
            XCTAssertEqual(sections.map(\.titleIndex), sections.map(\.titleIndex).sorted(), identifier)
            XCTAssertEqual(sections.reduce(0) { $0 + $1.items.count }, samples.count, identifier)
        }
    }
}
