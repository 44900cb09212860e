import XCTest
@testable import Entries

final class VCardTests: XCTestCase {
    let anna = "BEGIN:VCARD\nVERSION:3.0\nN:Lindqvist;Anna;;;\nFN:Anna Lindqvist\nORG:Acme\nEND:VCARD\n"

    /// The walk's literal places of the names it tells apart are their places in the list it matches against.
    func testThePropertyNamesPlacesAreThoseOfTheList() {
        let places = [VCardReader.fn: "FN", VCardReader.n: "N", VCardReader.phoneticLast: "X-PHONETIC-LAST-NAME",
                      VCardReader.phoneticMiddle: "X-PHONETIC-MIDDLE-NAME", VCardReader.phoneticFirst: "X-PHONETIC-FIRST-NAME",
                      VCardReader.kind: "KIND", VCardReader.showAs: "X-ABSHOWAS", VCardReader.agent: "AGENT"]
        for (place, name) in places { XCTAssertEqual(VCardReader.names[place], name) }
    }

    func testOneCardWithExactRanges() throws {
        let entries = try extract("vcard", anna).entries
        XCTAssertEqual(entries.count, 1)
        let e = entries[0]
        XCTAssertEqual(e.name, "Anna Lindqvist")
        XCTAssertEqual(e.kind, .object)
        XCTAssertEqual(e.detail, "Acme")
        XCTAssertEqual(e.collationString, "Lindqvist Anna")
        XCTAssertEqual(e.range, r(0, 0, 5, 9))
        XCTAssertEqual(e.selectionRange, r(3, 0, 3, 17))
    }

    /// Names are matched whatever their case and length: a property without a name, or one whose name is longer
    /// than those told apart by a packed word, is none of them; a lower-case one is.
    func testPropertyNamesOfEveryLengthAndCaseAreToldApart() throws {
        let text = "BEGIN:VCARD\n:Zed\ngrp.:Zed\nX-PHONETIC-LAST-NAMES:Zed\nx-phonetic-first-name:はな\nn:Lindqvist;Anna\nEND:VCARD\n"
        let e = try XCTUnwrap(try extract("vcard", text).entries.first)
        XCTAssertEqual(e.name, "Anna Lindqvist")
        XCTAssertEqual(e.collationString, "はな")
    }

    /// A name's word read eight bytes at once (upper-cased together) is the word made a byte at a time, for names of
    /// every length up to seven and every byte (letters of both cases, the bytes around them, bytes past ASCII), with
    /// whatever follows the name in the text.
    func testANamesWordReadAtOnceIsTheWordMadeByteByByte() {
        var random = SplitMix64(seed: 0x5EED_3A3E)
        let edges: [UInt8] = [0x00, 0x2D, 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x7B, 0x7F, 0x80, 0xC1, 0xE1, 0xFA, 0xFF]
        for round in 0 ..< 20_000 {
            let count = random.below(8)
            let bytes = (0 ..< 8 + random.below(4)).map { _ in random.chance(50) ? random.pick(edges) : UInt8(random.below(256)) }
            bytes.withUnsafeBufferPointer { p in
                let name = UnsafeBufferPointer(rebasing: p[0 ..< count])
                XCTAssertEqual(VCardPropertyNames.word(name, readable: p.count), VCardPropertyNames.word(name),
                               "round \(round): \(bytes.prefix(count))")
            }
        }
        let names = VCardPropertyNames(VCardReader.names)
        for (place, name) in VCardReader.names.enumerated() {
            let lower = Array((name.lowercased() + ":x;").utf8)
            XCTAssertEqual(lower.withUnsafeBufferPointer { names.index(of: UnsafeBufferPointer(rebasing: $0[0 ..< name.utf8.count]), readable: $0.count) }, place)
        }
    }

    func testGivenFamilyOrderLeavesCollationNilWhenItEqualsTheName() throws {
        let e = try extract("vcard", anna, ExtractionOptions(familyNameFirst: false)).entries[0]
        XCTAssertNil(e.collationString)
    }

    func testCRLFFoldingAndSelectionOverFoldedLines() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Maximiliane von Hohen\r\n zollern\r\nORG:Verlag\\, Abteilung\r\n\tRegister;Satz\r\nEND:VCARD"
        let e = try XCTUnwrap(try extract("vcard", text).entries.first)
        XCTAssertEqual(e.name, "Maximiliane von Hohenzollern")
        XCTAssertEqual(e.detail, "Verlag, AbteilungRegister, Satz")
        XCTAssertEqual(e.selectionRange, r(2, 0, 3, 8))
        XCTAssertEqual(e.range, r(0, 0, 6, 9))
    }

    func testQuotedPrintableWithSoftLineBreaksAndCharsets() throws {
        let text = """
        BEGIN:VCARD
        VERSION:2.1
        N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Nyl=C3=A4nder;Bj=C3=B6rn
        FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Bj=C3=B6rn Nyl=C3=
        =A4nder
        ORG;CHARSET=ISO-8859-1;QUOTED-PRINTABLE:K=F6ping=20Tryck
        END:VCARD
        """
        let e = try XCTUnwrap(try extract("vcard", text).entries.first)
        XCTAssertEqual(e.name, "Björn Nyländer")
        XCTAssertEqual(e.collationString, "Nyländer Björn")
        XCTAssertEqual(e.detail, "Köping Tryck")
        XCTAssertEqual(e.selectionRange, r(3, 0, 4, 7))
    }

    /// RFC 2045: a line-final `=` is a soft line break, never part of the value, also on a value's last line (a
    /// writer that ends a value with one, then an empty line, as a real vCard 2.1 test suite has it).
    func testAQuotedPrintableValueEndingInASoftLineBreakDropsIt() throws {
        let text = "BEGIN:VCARD\nVERSION:2.1\nFN:Ana\nORG;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=91=C3=91=\n=C3=91=\n\nEND:VCARD\n"
        let e = try XCTUnwrap(try extract("vcard", text).entries.first)
        XCTAssertEqual(e.detail, "ÑÑÑ")
    }

    func testEscapesGroupsAndCaseInsensitiveNames() throws {
        let text = "begin:vcard\nversion:3.0\nfn:Doe\\, John\\nJr.\nitem1.email;type=INTERNET:john@example.com\nend:vcard\n"
        let e = try XCTUnwrap(try extract("vcard", text).entries.first)
        XCTAssertEqual(e.name, "Doe, John Jr.")
        XCTAssertEqual(e.detail, "john@example.com")
        XCTAssertNil(e.collationString)
    }

    func testPhoneticReadingsSortJapaneseNames() throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nN:山田;太郎;;;\nFN:山田 太郎\nX-PHONETIC-FIRST-NAME:タロウ\nX-PHONETIC-LAST-NAME:ヤマダ\nEND:VCARD\n"
        XCTAssertEqual(try extract("vcard", text).entries.first?.collationString, "ヤマダ タロウ")
        XCTAssertEqual(try extract("vcard", text, ExtractionOptions(familyNameFirst: false)).entries.first?.collationString, "タロウ ヤマダ")
    }

    func testSortAsWinsOverEverything() throws {
        let text = "BEGIN:VCARD\nVERSION:4.0\nN;SORT-AS=\"Harten,Rene\":van der Harten;Rene;J.;Sir;R.D.O.N.\nFN:Rene van der Harten\nX-PHONETIC-LAST-NAME:x\nEND:VCARD\n"
        XCTAssertEqual(try extract("vcard", text).entries.first?.collationString, "Harten Rene")
    }

    func testOrganizations() throws {
        let company = "BEGIN:VCARD\nVERSION:3.0\nN:;;;;\nFN:Åhléns Bokhandel\nORG:Åhléns Bokhandel\nX-ABShowAs:COMPANY\nEND:VCARD\n"
        let c = try XCTUnwrap(try extract("vcard", company).entries.first)
        XCTAssertEqual(c.name, "Åhléns Bokhandel")
        XCTAssertNil(c.collationString)
        let kindOrg = "BEGIN:VCARD\nVERSION:4.0\nKIND:org\nFN:Typografiska Föreningen\nORG;SORT-AS=\"Typografiska\":Typografiska Föreningen\nEND:VCARD\n"
        XCTAssertEqual(try extract("vcard", kindOrg).entries.first?.collationString, "Typografiska")
        // A person's ORG;SORT-AS sorts the organisation, not the person.
        let person = "BEGIN:VCARD\nVERSION:4.0\nN:Berg;Eva;;;\nFN:Eva Berg\nORG;SORT-AS=\"Zeta\":Zeta AB\nEND:VCARD\n"
        XCTAssertEqual(try extract("vcard", person).entries.first?.collationString, "Berg Eva")
    }

    func testNameBuiltFromNWhenFNIsMissing() throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nN:Nilsson;Karin;Maria;Dr.;\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nN:王;小明;;;\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nEMAIL:only@example.com\nEND:VCARD\n"
        let entries = try extract("vcard", text).entries
        XCTAssertEqual(entries.names, ["Dr. Karin Maria Nilsson", "王小明", "only@example.com"])
        XCTAssertEqual(entries[0].collationString, "Nilsson Karin Maria")
        XCTAssertEqual(entries[0].selectionRange, r(0, 0, 0, 11))  // no FN line: the BEGIN line
        XCTAssertNil(entries[1].collationString)  // "王小明": family then given, no space, as the name
    }

    func testPreferredEmailIsTheDetail() throws {
        let text = "BEGIN:VCARD\nVERSION:4.0\nFN:Lucía\nEMAIL:second@example.net\nEMAIL;PREF=1:first@example.com\nEND:VCARD\n"
        XCTAssertEqual(try extract("vcard", text).entries.first?.detail, "first@example.com")
    }

    func testBrokenFilesWarnInsteadOfFailing() throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nNOTE:no name\nEND:VCARD\nBEGIN:VCARD\nFN:Cut Short\n"
        let result = try extract("vcard", text, ExtractionOptions(fileName: "c.vcf"))
        XCTAssertEqual(result.entries.names, ["Cut Short"])
        XCTAssertEqual(result.entries[0].range, r(4, 0, 5, 12))
        XCTAssertEqual(result.warnings, [
            "c.vcf:1: a card without FN, N, ORG or EMAIL was left out",
            "c.vcf:5: BEGIN:VCARD without END:VCARD; the card runs to the end of the file",
        ])
        XCTAssertEqual(try extract("vcard", "").entries.count, 0)
        XCTAssertEqual(try extract("vcard", textWithInvalidUTF8([0xFF, 0x0A] + Array("BEGIN:VCARD\nFN:\u{FF}x\nEND:VCARD".utf8))).entries.names, ["ÿx"])
    }

    func testMegabytePhotoLineDoesNotGetInTheWay() throws {
        let photo = String(repeating: "QUJD", count: 262_144)
        let text = "BEGIN:VCARD\nVERSION:3.0\nPHOTO;ENCODING=b;TYPE=JPEG:\(photo)\nFN:Ada\nEND:VCARD\n"
        let e = try XCTUnwrap(try extract("vcard", text).entries.first)
        XCTAssertEqual(e.name, "Ada")
        XCTAssertEqual(e.selectionRange, r(3, 0, 3, 6))
    }

    func testNestedAgentCardIsNotAContactOfItsOwn() throws {
        let text = "BEGIN:VCARD\nFN:Boss\nAGENT:\nBEGIN:VCARD\nFN:Assistant\nEND:VCARD\nEND:VCARD\n"
        let entries = try extract("vcard", text).entries
        XCTAssertEqual(entries.names, ["Boss"])
        XCTAssertEqual(entries[0].range, r(0, 0, 6, 9))
    }

    /// A card whose END:VCARD is missing ends before the next BEGIN:VCARD (not an AGENT's): one lost line costs one
    /// warning, not every contact after it.
    func testACardWithoutEndEndsBeforeTheNextCard() throws {
        let text = "BEGIN:VCARD\nFN:Ada\nTEL:1\n\nBEGIN:VCARD\nFN:Bo\nAGENT:\nBEGIN:VCARD\nFN:Agent\nEND:VCARD\nEND:VCARD\nBEGIN:VCARD\nFN:Cy\nEND:VCARD\n"
        let result = try extract("vcard", text, ExtractionOptions(fileName: "c.vcf"))
        XCTAssertEqual(result.entries.names, ["Ada", "Bo", "Cy"])
        XCTAssertEqual(result.entries.map(\.range), [r(0, 0, 3, 0), r(4, 0, 10, 9), r(11, 0, 13, 9)])
        XCTAssertEqual(result.warnings, ["c.vcf:1: BEGIN:VCARD without END:VCARD; the card ends before the next BEGIN:VCARD (line 5)"])
        // An AGENT with a value of its own (vCard 3.0) nests nothing: the BEGIN after it starts a new card.
        let inline = "BEGIN:VCARD\nFN:Ada\nAGENT:CID:x\nBEGIN:VCARD\nFN:Bo\nEND:VCARD\n"
        XCTAssertEqual(try extract("vcard", inline).entries.names, ["Ada", "Bo"])
    }

    func testContactsExample() throws {
        let entries = try extract("vcard", try example("contacts.vcf")).entries
        XCTAssertEqual(entries.count, 27)
        func entry(_ name: String) throws -> Entry { try XCTUnwrap(entries.named(name), name) }
        XCTAssertEqual(try entry("Åsa Öberg").collationString, "Öberg Åsa")
        XCTAssertEqual(try entry("Åsa Öberg").detail, "Nordisk Ordbok AB, Redaktionen")
        XCTAssertEqual(try entry("山田 太郎").collationString, "ヤマダ タロウ")
        XCTAssertEqual(try entry("佐藤 花子").collationString, "さとう はなこ")
        XCTAssertNil(try entry("김민준").collationString)
        XCTAssertEqual(try entry("이서연").range, r(84, 0, 89, 9))
        XCTAssertEqual(try entry("محمد العلي").collationString, "العلي محمد")
        XCTAssertEqual(try entry("Björn Nyländer").collationString, "Nyländer Björn")
        XCTAssertEqual(try entry("Maximiliane von Hohenzollern-Sigmaringen").detail,
                       "Verlag für Wörterbücher und Nachschlagewerke, Abteilung Register und Verzeichnisse")
        XCTAssertEqual(try entry("Karin Nilsson").detail, "karin.nilsson@example.se")
        XCTAssertEqual(try entry("Rene van der Harten").collationString, "Harten Rene")
        XCTAssertEqual(try entry("Typografiska Föreningen").collationString, "Typografiska")
        XCTAssertNil(try entry("Åhléns Bokhandel").collationString)
        XCTAssertEqual(try entry("Lucía Ortega").detail, "lucia@example.com")
        // Cards follow each other: each range starts where the previous one ended, one line later.
        for (a, b) in zip(entries, entries.dropFirst()) {
            XCTAssertEqual(b.range.start.line, a.range.end.line + 1)
        }
    }
}
