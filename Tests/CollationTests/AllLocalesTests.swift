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
            XCTAssertTrue(apple.sectionTitles.contains("A"), identifier)
            let icu = try IndexedCollation(locale: identifier, style: .icu)
            for sample in samples {
                XCTAssertTrue(apple.sectionTitles.indices.contains(apple.section(for: sample)), "\(identifier): \(sample)")
                XCTAssertTrue(icu.sectionTitles.indices.contains(icu.section(for: sample)), "\(identifier): \(sample)")
            }
            let sections = apple.partition(samples, by: { $0 })
            XCTAssertEqual(sections.map(\.titleIndex), sections.map(\.titleIndex).sorted(), identifier)
            XCTAssertEqual(sections.reduce(0) { $0 + $1.items.count }, samples.count, identifier)
        }
    }
}
